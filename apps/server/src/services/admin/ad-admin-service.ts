import type { AdminAd, AdminAdList, AdSaved, AdStatus, Locale, ValidAdInput } from '@parley/contracts';
import type { AdRepo, AdWithBroker, NewAd } from '../../db/repos/ad-repo.js';
import type { AuditRepo } from '../../db/repos/audit-repo.js';
import type { BrokerRepo } from '../../db/repos/broker-repo.js';
import { AppError } from '../../platform/app-error.js';
import { recordChange, type Operator } from './audit-service.js';

export interface AdAdminRepos {
  ads: Pick<AdRepo, 'find' | 'insert' | 'update' | 'remove'>;
  brokers: Pick<BrokerRepo, 'internalId'>;
  audit: Pick<AuditRepo, 'insert'>;
}

export interface AdAdminDeps {
  ads: Pick<AdRepo, 'listWithBrokers'>;
  inTransaction: <T>(work: (repos: AdAdminRepos) => Promise<T>) => Promise<T>;
  /** The hosts among the addresses browsers will not load pictures from (services/site/picture-hosts.ts). */
  unshownHosts: (addresses: readonly string[]) => string[];
  now?: () => Date;
}

/** What an ad does at `now`, by the same rules the site picks banners with (db/repos/ad-repo.ts `showing`). */
export function adStatus(ad: Pick<AdWithBroker, 'enabled' | 'weight' | 'startsAt' | 'endsAt'>, now: Date): AdStatus {
  if (!ad.enabled) return 'disabled';
  if (ad.endsAt && ad.endsAt <= now) return 'ended';
  if (ad.startsAt && ad.startsAt > now) return 'scheduled';
  return ad.weight > 0 ? 'showing' : 'noWeight';
}

const noAd = (id: string) => new AppError('NOT_FOUND', `No ad has the id ${id}.`);

/** A refusal by field, as the route schemas word theirs (`data` names the field). */
function refused(path: 'brokerId' | 'endsAt', message: string) {
  return new AppError('VALIDATION', `${path}: ${message}`, [{ path, message }]);
}

/** A data: cover would fill the audit log; its kind and size say enough. */
function coverForAudit(coverUrl: string): string {
  return coverUrl.startsWith('data:') ? `${coverUrl.slice(0, coverUrl.search(/[;,]/))}… (${coverUrl.length} characters)` : coverUrl;
}

/** The fields an operator writes, as the audit log records them. */
function auditFields(ad: AdWithBroker): Record<string, unknown> {
  return {
    type: ad.type,
    title: ad.title,
    coverUrl: coverForAudit(ad.coverUrl),
    href: ad.href,
    weight: ad.weight,
    languages: ad.languages ?? [],
    broker: ad.broker?.id ?? null,
    enabled: ad.enabled,
    startsAt: ad.startsAt?.toISOString() ?? null,
    endsAt: ad.endsAt?.toISOString() ?? null,
  };
}

/** Only what a change touched, before and after. */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return { before: Object.fromEntries(keys.map((key) => [key, before[key]])), after: Object.fromEntries(keys.map((key) => [key, after[key]])) };
}

const label = (ad: AdWithBroker) => ad.title || ad.href;

/** The ads of both slots as operators manage them (the console and the admin CLI), each change audited. */
export function createAdAdminService(deps: AdAdminDeps) {
  const now = deps.now ?? (() => new Date());

  function toAdminAd(ad: AdWithBroker, at: Date): AdminAd {
    return {
      id: ad.id,
      type: ad.type,
      title: ad.title,
      coverUrl: ad.coverUrl,
      href: ad.href,
      weight: ad.weight,
      languages: (ad.languages ?? []) as Locale[],
      broker: ad.broker,
      enabled: ad.enabled,
      startsAt: ad.startsAt?.toISOString() ?? null,
      endsAt: ad.endsAt?.toISOString() ?? null,
      isDemo: ad.isDemo,
      status: adStatus(ad, at),
      coverHostUnshown: deps.unshownHosts([ad.coverUrl])[0] ?? null,
      updatedAt: ad.updatedAt.toISOString(),
    };
  }

  function saved(ad: AdWithBroker): AdSaved {
    return { ad: toAdminAd(ad, now()), unshownCoverHosts: deps.unshownHosts([ad.coverUrl]) };
  }

  /** The row's columns for `input`, with the broker's public id resolved (a clear refusal when there is no such broker). */
  async function columns(repos: AdAdminRepos, input: ValidAdInput): Promise<NewAd> {
    const startsAt = input.startsAt === null ? null : new Date(input.startsAt);
    const endsAt = input.endsAt === null ? null : new Date(input.endsAt);
    if (startsAt && endsAt && startsAt >= endsAt) throw refused('endsAt', 'must be after the start');
    const brokerId = input.brokerId === null ? null : await repos.brokers.internalId(input.brokerId);
    if (input.brokerId !== null && brokerId === null) throw refused('brokerId', `No broker has the id ${input.brokerId}.`);
    return {
      type: input.type,
      title: input.title,
      coverUrl: input.coverUrl,
      href: input.href,
      weight: input.weight,
      languages: input.languages.length > 0 ? input.languages : null,
      brokerId,
      enabled: input.enabled,
      startsAt,
      endsAt,
    };
  }

  async function found(repos: AdAdminRepos, id: string): Promise<AdWithBroker> {
    const ad = await repos.ads.find(id);
    if (!ad) throw noAd(id);
    return ad;
  }

  /** Changes an ad; the audit log records the fields that changed (no entry when none did). */
  async function change(operator: Operator, id: string, changes: (repos: AdAdminRepos, before: AdWithBroker) => Promise<Partial<NewAd>>): Promise<AdSaved> {
    const after = await deps.inTransaction(async (repos) => {
      const before = await found(repos, id);
      await repos.ads.update(id, await changes(repos, before));
      const updated = await found(repos, id);
      const diff = changedFields(auditFields(before), auditFields(updated));
      if (Object.keys(diff.after).length > 0) await recordChange(repos.audit, operator, { action: 'ad.update', target: { type: 'ad', id, label: label(updated) }, ...diff });
      return updated;
    });
    return saved(after);
  }

  return {
    /** Every ad of both slots, by slot, oldest first, with what each shows now. */
    async list(): Promise<AdminAdList> {
      const at = now();
      return { list: (await deps.ads.listWithBrokers()).map((ad) => toAdminAd(ad, at)) };
    },

    async create(operator: Operator, input: ValidAdInput): Promise<AdSaved> {
      const ad = await deps.inTransaction(async (repos) => {
        const row = await repos.ads.insert(await columns(repos, input));
        const created = await found(repos, row.id);
        await recordChange(repos.audit, operator, { action: 'ad.create', target: { type: 'ad', id: row.id, label: label(created) }, after: auditFields(created) });
        return created;
      });
      return saved(ad);
    },

    /** Replaces every field of an ad (the form sends them all). */
    update: (operator: Operator, id: string, input: ValidAdInput) => change(operator, id, (repos) => columns(repos, input)),

    setEnabled: (operator: Operator, id: string, enabled: boolean) => change(operator, id, () => Promise.resolve({ enabled })),

    async remove(operator: Operator, id: string): Promise<void> {
      await deps.inTransaction(async (repos) => {
        const before = await found(repos, id);
        await repos.ads.remove(id);
        await recordChange(repos.audit, operator, { action: 'ad.delete', target: { type: 'ad', id, label: label(before) }, before: auditFields(before) });
      });
    },
  };
}

export type AdAdminService = ReturnType<typeof createAdAdminService>;
