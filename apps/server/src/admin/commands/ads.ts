import { locales, type Locale } from '@parley/contracts';
import { brokerRepo } from '../../db/repos/broker-repo.js';
import { adRepo, type NewAd } from '../../db/repos/ad-repo.js';
import { AdminError, requireArg, textFlag, type Command } from '../context.js';
import { unshownPictureHosts } from '../../services/site/picture-hosts.js';

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

function parseDate(value: string | undefined, flag: string): Date | undefined {
  if (value === undefined) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new AdminError(`--${flag} must be a date or time, like 2026-12-01 or 2026-12-01T08:00:00Z.`);
  return date;
}

export const listAds: Command = async (context) => {
  const rows = await adRepo(context.db).list();
  if (rows.length === 0) {
    context.out('No ads. Add one with: ads add --type 1|2 --cover <image url> --href <link>');
    return;
  }
  for (const ad of rows) {
    const window = `${ad.startsAt?.toISOString() ?? '…'} → ${ad.endsAt?.toISOString() ?? '…'}`;
    const flags = [ad.enabled ? 'enabled' : 'disabled', ad.isDemo ? 'demo' : null, ad.languages ? ad.languages.join('/') : null].filter(Boolean).join(', ');
    context.out(`${ad.id}  slot ${ad.type}  weight ${ad.weight}  ${flags}  ${window}  ${ad.title || '(no title)'} → ${ad.href}`);
  }
};

export const addAd: Command = async (context, _args, flags) => {
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
  const languages = parseLanguages(textFlag(flags, 'languages'));
  const ad: NewAd = { type, coverUrl, href, weight, title: textFlag(flags, 'title') ?? '', startsAt, endsAt, languages };
  const broker = textFlag(flags, 'broker');
  if (broker) {
    const brokerId = await brokerRepo(context.db).internalId(broker);
    if (!brokerId) throw new AdminError(`No broker has the id ${broker}.`);
    ad.brokerId = brokerId;
  }
  const row = await adRepo(context.db).insert(ad);
  context.out(`Added ad ${row.id} to slot ${type}.`);
  const [unshown] = unshownPictureHosts(context.config, [coverUrl]);
  if (unshown) context.out(`Note: browsers will not load the cover from ${unshown}: add the host to IMAGE_HOSTS_ALLOWED (https only), or give a data:image/… cover.`);
};

function changeAd(change: 'enable' | 'disable' | 'remove'): Command {
  return async (context, args) => {
    const id = requireArg(args, 0, 'the ad id (see: ads list)');
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AdminError(`No ad has the id ${id}.`);
    const ads = adRepo(context.db);
    const done = change === 'remove' ? await ads.remove(id) : await ads.update(id, { enabled: change === 'enable' });
    if (!done) throw new AdminError(`No ad has the id ${id}.`);
    context.out(`Ad ${id} ${change === 'remove' ? 'removed' : `${change}d`}.`);
  };
}

export const enableAd = changeAd('enable');
export const disableAd = changeAd('disable');
export const removeAd = changeAd('remove');
