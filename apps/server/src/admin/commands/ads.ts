import { adInput, locales, type AdInput, type Locale } from '@parley/contracts';
import { cliAdminServices } from '../cli-services.js';
import { isAppError } from '../../platform/app-error.js';
import { AdminError, requireArg, textFlag, type AdminContext, type Command } from '../context.js';

const slots: Record<string, 1 | 2> = { '1': 1, '2': 2, sidebar: 1, right: 2 };
const httpUrl = /^https?:\/\/\S+$/i;

/** --languages zh-CN,zh-TW: the site languages an ad is written for (none: every language). */
function parseLanguages(value: string | undefined): Locale[] | undefined {
  if (value === undefined) return undefined;
  const listed = value.split(',').map((part) => part.trim()).filter(Boolean);
  const unknown = listed.filter((part) => !(locales as readonly string[]).includes(part));
  if (listed.length === 0 || unknown.length > 0) throw new AdminError(`--languages takes site languages separated by commas, of ${locales.join(', ')}${unknown.length > 0 ? `; not ${unknown.join(', ')}` : ''}.`);
  return listed as Locale[];
}

function parseDate(value: string | undefined, flag: string): string | null {
  if (value === undefined) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new AdminError(`--${flag} must be a date or time, like 2026-12-01 or 2026-12-01T08:00:00Z.`);
  return date.toISOString();
}

/** The flags of `ads add` as the console's ad input, checked by the same contract the console's calls are. */
function adFromFlags(flags: Record<string, string | boolean | undefined>) {
  const type = slots[textFlag(flags, 'type', true)];
  if (!type) throw new AdminError('--type must be 1 (sidebar) or 2 (right panel).');
  const coverUrl = textFlag(flags, 'cover', true);
  const href = textFlag(flags, 'href', true);
  if (!httpUrl.test(coverUrl) && !coverUrl.startsWith('data:image/')) throw new AdminError('--cover must be an http(s) image address.');
  if (!httpUrl.test(href)) throw new AdminError('--href must be an http(s) address.');
  const weight = Number(textFlag(flags, 'weight') ?? '1');
  if (!Number.isInteger(weight) || weight < 0) throw new AdminError('--weight must be a whole number, 0 or more.');
  const startsAt = parseDate(textFlag(flags, 'from'), 'from');
  const endsAt = parseDate(textFlag(flags, 'until'), 'until');
  if (startsAt && endsAt && startsAt >= endsAt) throw new AdminError('--from must be before --until.');
  const input: AdInput = {
    type,
    coverUrl,
    href,
    weight,
    title: textFlag(flags, 'title') ?? '',
    startsAt,
    endsAt,
    languages: parseLanguages(textFlag(flags, 'languages')) ?? [],
    brokerId: textFlag(flags, 'broker') ?? null,
  };
  const parsed = adInput.safeParse(input);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    throw new AdminError(issue ? `--${String(issue.path[0] ?? 'input')}: ${issue.message}.` : 'The ad is not valid.');
  }
  return parsed.data;
}

/** Runs a change through the console's service, a refusal (no such ad or broker) printed as the CLI's error. */
async function adService<T>(context: AdminContext, run: (ads: ReturnType<typeof cliAdminServices>['adAdmin']) => Promise<T>): Promise<T> {
  try {
    return await run(cliAdminServices(context).adAdmin);
  } catch (error) {
    if (isAppError(error)) throw new AdminError(fieldMessages(error.data) ?? error.message);
    throw error;
  }
}

/** A refusal by field says what is wrong without the field's name in the console's terms. */
function fieldMessages(data: unknown): string | null {
  if (!Array.isArray(data)) return null;
  const messages = data.map((problem) => (problem as { message?: unknown }).message).filter((message) => typeof message === 'string');
  return messages.length > 0 ? messages.join(' ') : null;
}

export const listAds: Command = async (context) => {
  const { list } = await adService(context, (ads) => ads.list());
  if (list.length === 0) {
    context.out('No ads. Add one with: ads add --type 1|2 --cover <image url> --href <link>');
    return;
  }
  for (const ad of list) {
    const window = `${ad.startsAt ?? '…'} → ${ad.endsAt ?? '…'}`;
    const flags = [ad.enabled ? 'enabled' : 'disabled', ad.isDemo ? 'demo' : null, ad.languages.length > 0 ? ad.languages.join('/') : null].filter(Boolean).join(', ');
    context.out(`${ad.id}  slot ${ad.type}  weight ${ad.weight}  ${flags}  ${window}  ${ad.title || '(no title)'} → ${ad.href}`);
  }
};

export const addAd: Command = async (context, _args, flags) => {
  const input = adFromFlags(flags);
  const { ad, unshownCoverHosts } = await adService(context, (ads) => ads.create('cli', input));
  context.out(`Added ad ${ad.id} to slot ${ad.type}.`);
  const [unshown] = unshownCoverHosts;
  if (unshown) context.out(`Note: browsers will not load the cover from ${unshown}: add the host to IMAGE_HOSTS_ALLOWED (https only), or give a data:image/… cover.`);
};

function changeAd(change: 'enable' | 'disable' | 'remove'): Command {
  return async (context, args) => {
    const id = requireArg(args, 0, 'the ad id (see: ads list)');
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw new AdminError(`No ad has the id ${id}.`);
    await adService(context, (ads): Promise<unknown> => (change === 'remove' ? ads.remove('cli', id) : ads.setEnabled('cli', id, change === 'enable')));
    context.out(`Ad ${id} ${change === 'remove' ? 'removed' : `${change}d`}.`);
  };
}

export const enableAd = changeAd('enable');
export const disableAd = changeAd('disable');
export const removeAd = changeAd('remove');
