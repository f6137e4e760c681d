import {
  officialFields,
  officialProfile,
  type OfficialData,
  type OfficialFaqData,
  type OfficialFaqEntry,
  type OfficialField,
  type OfficialProfile,
  type updateOfficialRequest,
} from '@parley/contracts';
import type { z } from 'zod';
import type { AppRepo, AppRow, OfficialAppSeed } from '../../db/repos/app-repo.js';
import type { AuditRepo } from '../../db/repos/audit-repo.js';
import type { FaqEntry, OfficialFaqRepo } from '../../db/repos/official-faq-repo.js';
import { officialProfileKey, type SiteSettingsRepo } from '../../db/repos/site-settings-repo.js';
import { AppError } from '../../platform/app-error.js';
import { recordChange, type Operator } from './audit-service.js';

/** The repos of one transaction: a change and its audit record land together. */
export interface OfficialRepos {
  settings: Pick<SiteSettingsRepo, 'get' | 'set'>;
  apps: Pick<AppRepo, 'findOfficial' | 'ensureOfficial'>;
  faq: (appId: string) => OfficialFaqRepo;
  audit: Pick<AuditRepo, 'insert'>;
}

export interface OfficialServiceDeps {
  /** The built-in texts (src/seed), which each field follows until an operator changes it. */
  seed: OfficialAppSeed;
  inTransaction: <T>(work: (repos: OfficialRepos) => Promise<T>) => Promise<T>;
  /** Makes written FAQ entries findable by meaning too, when hybrid search is on. */
  embedChunks: (appId: string, chunkIds: string[]) => Promise<unknown>;
}

type OfficialValues = OfficialData['current'];

function valuesOf(source: OfficialAppSeed | AppRow): OfficialValues {
  const { name, intro, avatarUrl, openingMessage, suggestedQuestions, systemPrompt } = source;
  return { name, intro, avatarUrl, openingMessage, suggestedQuestions, systemPrompt };
}

function pick(values: OfficialValues, fields: readonly OfficialField[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field, values[field]]));
}

const notReady = () => new AppError('NOT_FOUND', 'The official assistant is missing; start the server once to create it.');
const entryNotFound = () => new AppError('NOT_FOUND', 'This FAQ entry does not exist; reload the list.');

/**
 * The official assistant as operators change it (the console, and `official set|reset|faq` in
 * the admin CLI): its profile is kept in site settings over the built-in texts, and its operator
 * FAQ is a knowledge file. Every change is audited as official.update.
 */
export function createOfficialService(deps: OfficialServiceDeps) {
  async function profileOf(settings: OfficialRepos['settings']): Promise<OfficialProfile> {
    const parsed = officialProfile.safeParse((await settings.get(officialProfileKey)) ?? {});
    return parsed.success ? parsed.data : {};
  }

  async function officialRow(apps: OfficialRepos['apps']): Promise<AppRow> {
    const found = await apps.findOfficial();
    if (!found) throw notReady();
    return found.row;
  }

  function dataOf(row: AppRow, profile: OfficialProfile): OfficialData {
    return { id: row.id, current: valuesOf(row), builtIn: valuesOf(deps.seed), changed: officialFields.filter((field) => profile[field] !== undefined) };
  }

  /** An FAQ change, with the entry as it was and as it is, in one transaction. */
  function changeFaq<T>(operator: Operator, work: (faq: OfficialFaqRepo) => Promise<{ result: T; before: FaqEntry | null; after: FaqEntry | null }>) {
    return deps.inTransaction(async ({ apps, faq, audit }) => {
      const row = await officialRow(apps);
      const { result, before, after } = await work(faq(row.id));
      await recordChange(audit, operator, {
        action: 'official.update',
        target: { type: 'agent', id: row.id, label: row.name },
        before: before && { faq: before },
        after: after && { faq: after },
      });
      return { appId: row.id, result };
    });
  }

  return {
    async get(): Promise<OfficialData> {
      return deps.inTransaction(async ({ settings, apps }) => dataOf(await officialRow(apps), await profileOf(settings)));
    },

    /** Sets each field given; one given as null follows the built-in text again. */
    async update(operator: Operator, request: z.output<typeof updateOfficialRequest>): Promise<OfficialData> {
      return deps.inTransaction(async ({ settings, apps, audit }) => {
        const row = await officialRow(apps);
        const profile = await profileOf(settings);
        const next: Record<string, unknown> = { ...profile };
        for (const field of officialFields) {
          const value = request[field];
          if (value === null) delete next[field];
          else if (value !== undefined) next[field] = value;
        }
        const nextProfile = officialProfile.parse(next);
        const updated = await apps.ensureOfficial({ ...deps.seed, ...nextProfile });
        const [was, now] = [valuesOf(row), valuesOf(updated)];
        const touched = officialFields.filter((field) => JSON.stringify(was[field]) !== JSON.stringify(now[field]));
        await settings.set(officialProfileKey, nextProfile);
        if (touched.length > 0) {
          await recordChange(audit, operator, {
            action: 'official.update',
            target: { type: 'agent', id: row.id, label: updated.name },
            before: pick(was, touched),
            after: pick(now, touched),
          });
        }
        return dataOf(updated, nextProfile);
      });
    },

    async faq(): Promise<OfficialFaqData> {
      return deps.inTransaction(async ({ apps, faq }) => {
        const repo = faq((await officialRow(apps)).id);
        const [list, builtInCount] = await Promise.all([repo.list(), repo.builtInCount()]);
        return { list, builtInCount };
      });
    },

    async addFaq(operator: Operator, entry: FaqEntry): Promise<OfficialFaqEntry> {
      const { appId, result } = await changeFaq(operator, async (faq) => ({ result: await faq.add(entry), before: null, after: entry }));
      await deps.embedChunks(appId, [result.id]);
      return result;
    },

    async updateFaq(operator: Operator, id: string, entry: FaqEntry): Promise<OfficialFaqEntry> {
      const { appId, result } = await changeFaq(operator, async (faq) => {
        const before = await faq.find(id);
        const updated = before && (await faq.update(id, entry));
        if (!before || !updated) throw entryNotFound();
        return { result: updated, before: { question: before.question, answer: before.answer }, after: entry };
      });
      await deps.embedChunks(appId, [result.id]);
      return result;
    },

    async removeFaq(operator: Operator, id: string): Promise<void> {
      await changeFaq(operator, async (faq) => {
        const before = await faq.find(id);
        if (!before || !(await faq.remove(id))) throw entryNotFound();
        return { result: null, before: { question: before.question, answer: before.answer }, after: null };
      });
    },

    /** Replaces the whole operator FAQ from an imported file (the admin CLI's `official faq`). */
    async replaceFaq(operator: Operator, entries: FaqEntry[], original: { text: string; mime: 'application/json' | 'text/csv' }): Promise<void> {
      await deps.inTransaction(async ({ apps, faq, audit }) => {
        const row = await officialRow(apps);
        const repo = faq(row.id);
        const before = (await repo.list()).length;
        await repo.replace(entries, original);
        await recordChange(audit, operator, {
          action: 'official.update',
          target: { type: 'agent', id: row.id, label: row.name },
          before: { faqEntries: before },
          after: { faqEntries: entries.length },
        });
      });
    },
  };
}

export type OfficialService = ReturnType<typeof createOfficialService>;
