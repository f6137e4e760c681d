import { officialFields, officialProfile } from '@parley/contracts';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { appRepo } from '../../db/repos/app-repo.js';
import { announcements, brokers, knowledgeChunks, usageLedger } from '../../db/schema/index.js';
import { AppError } from '../../platform/app-error.js';
import { importFormat, ImportFileError, parseImport } from '../../services/brokers/broker-import.js';
import { removeDemoData, writeDemoData } from '../../seed/demo-data.js';
import { cliAdminServices } from '../cli-services.js';
import { AdminError, requireArg, textFlag, type Command } from '../context.js';
import { unshownPictureHosts } from '../../services/site/picture-hosts.js';

const faqRow = z
  .object({
    question: z.string({ error: 'is required' }).trim().min(1, 'is required').max(500, 'must be at most 500 characters'),
    answer: z.string({ error: 'is required' }).trim().min(1, 'is required').max(10_000, 'must be at most 10000 characters'),
  })
  .strict();

export const showOfficial: Command = async (context) => {
  const official = await appRepo(context.db).findOfficial();
  if (!official) throw new AdminError('The official assistant is missing; start the server once to create it.');
  const counts = await context.db
    .select({ seeded: sql<number>`count(*) filter (where ${knowledgeChunks.builtIn})::int`, operator: sql<number>`count(*) filter (where not ${knowledgeChunks.builtIn})::int` })
    .from(knowledgeChunks)
    .where(eq(knowledgeChunks.appId, official.row.id));
  context.out(`${official.row.name} (${official.row.id})`);
  context.out(`Built-in FAQ entries: ${counts[0]?.seeded ?? 0}; operator FAQ entries: ${counts[0]?.operator ?? 0}.`);
};

const profileFlags = { name: 'name', intro: 'intro', avatar: 'avatarUrl', opening: 'openingMessage', prompt: 'systemPrompt', questions: 'suggestedQuestions' } as const;

/** A refusal of the service, in the flags' words (a field's problem named by its flag). */
function refusal(error: unknown): never {
  if (error instanceof z.ZodError) {
    const flagOf = (field: PropertyKey) => Object.entries(profileFlags).find(([, name]) => name === field)?.[0] ?? String(field);
    throw new AdminError(error.issues.map((issue) => `--${flagOf(issue.path[0] ?? '')} ${issue.message}`).join('; ') + '. Nothing was changed.');
  }
  if (error instanceof AppError && error.errorName === 'NOT_FOUND') throw new AdminError(error.message);
  throw error;
}

/** Changes the official assistant's name, description, avatar, opening, role or suggested questions; kept across restarts. */
export const setOfficial: Command = async (context, _args, flags) => {
  const changes: Record<string, unknown> = {};
  for (const [flag, field] of Object.entries(profileFlags)) {
    const value = flags[flag];
    if (typeof value !== 'string') continue;
    changes[field] = field === 'suggestedQuestions' ? value.split('|').map((question) => question.trim()).filter(Boolean) : value;
  }
  if (Object.keys(changes).length === 0) throw new AdminError(`Nothing to change: give at least one of ${Object.keys(profileFlags).map((flag) => `--${flag}`).join(', ')}.`);
  const checked = officialProfile.safeParse(changes);
  if (!checked.success) refusal(checked.error);
  await cliAdminServices(context).official.update('cli', checked.data).catch(refusal);
  context.out(`Changed ${Object.keys(checked.data).join(', ')} of the official assistant.`);
  const [unshown] = unshownPictureHosts(context.config, checked.data.avatarUrl ? [checked.data.avatarUrl] : []);
  if (unshown) context.out(`Note: browsers will not load the avatar from ${unshown}: add the host to IMAGE_HOSTS_ALLOWED, or upload the picture.`);
};

/** Drops the operator's changes: the official assistant is the seeded one again. */
export const resetOfficial: Command = async (context) => {
  const everyField = Object.fromEntries(officialFields.map((field) => [field, null]));
  await cliAdminServices(context).official.update('cli', everyField).catch(refusal);
  context.out('The official assistant is back to its built-in name, texts and questions.');
};

/** Replaces the operator FAQ of the official assistant from a CSV or JSON file of question, answer rows. */
export const importOfficialFaq: Command = async (context, args) => {
  const file = requireArg(args, 0, 'the FAQ file (.csv or .json with question and answer)');
  let parsed;
  let text: string;
  try {
    text = await context.readFile(file);
    parsed = parseImport(text, importFormat(file), faqRow);
  } catch (error) {
    if (error instanceof ImportFileError) throw new AdminError(error.message);
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new AdminError(`No such file: ${file}`);
    throw error;
  }
  for (const row of parsed.rejected) context.out(`line ${row.line}: ${row.problems.join('; ')}`);
  if (parsed.rejected.length > 0) throw new AdminError(`${parsed.rejected.length} rows rejected; the FAQ was not changed.`);
  if (parsed.rows.length === 0) throw new AdminError('The file holds no questions.');
  const mime = file.toLowerCase().endsWith('.csv') ? 'text/csv' : 'application/json';
  const entries = parsed.rows.map(({ value }) => ({ question: value.question, answer: value.answer }));
  await cliAdminServices(context).official.replaceFaq('cli', entries, { text, mime }).catch(refusal);
  context.out(`The official assistant now has ${parsed.rows.length} operator FAQ entries (the built-in FAQ stays).`);
};

export const announce: Command = async (context, _args, flags) => {
  const title = textFlag(flags, 'title', true);
  const body = textFlag(flags, 'body', true);
  if (title.length > 200) throw new AdminError('--title must be at most 200 characters.');
  const locale = textFlag(flags, 'locale') ?? null;
  const [row] = await context.db.insert(announcements).values({ title, body, locale, createdBy: null }).returning({ id: announcements.id });
  if (!row) throw new Error('announcement insert returned no row');
  context.out(`Announcement ${row.id} posted; it shows on every account's messages page.`);
};

/** Messages and tokens per UTC day over the last N days, all users and visitors together. */
export const showUsage: Command = async (context, _args, flags) => {
  const days = Number(textFlag(flags, 'days') ?? '14');
  if (!Number.isInteger(days) || days < 1 || days > 366) throw new AdminError('--days must be a whole number from 1 to 366.');
  const rows = await context.db
    .select({
      day: usageLedger.day,
      messages: sql<number>`sum(${usageLedger.messages})::int`,
      tokens: sql<number>`sum(${usageLedger.promptTokens} + ${usageLedger.completionTokens})::bigint`,
      users: sql<number>`count(distinct ${usageLedger.userId})::int`,
      visitors: sql<number>`count(distinct ${usageLedger.visitorId})::int`,
    })
    .from(usageLedger)
    .where(sql`${usageLedger.day} > current_date - ${days}::int`)
    .groupBy(usageLedger.day)
    .orderBy(usageLedger.day);
  context.out('day         messages  tokens     users  visitors');
  for (const row of rows) {
    context.out(`${row.day}  ${String(row.messages).padStart(8)}  ${String(Number(row.tokens)).padStart(9)}  ${String(row.users).padStart(5)}  ${String(row.visitors).padStart(8)}`);
  }
  if (rows.length === 0) context.out(`(no usage in the last ${days} days)`);
};

export const loadDemo: Command = async (context) => {
  const [demo] = await context.db.select({ id: brokers.id }).from(brokers).where(eq(brokers.isDemo, true)).limit(1);
  if (demo) throw new AdminError('The demo is already loaded. Run "demo remove" first to load it afresh.');
  const summary = await context.db.transaction((tx) => writeDemoData(tx as unknown as typeof context.db, { promoUrl: context.config.BROKER_SITE_URL }));
  context.out(`Loaded the demo: ${summary.brokers} brokers, ${summary.rankings} ranking positions, ${summary.ads} ads, ${summary.agents} agents.`);
};

export const removeDemo: Command = async (context) => {
  const removed = await removeDemoData(context.db);
  context.out(`Removed the demo: ${removed.brokers} brokers, ${removed.ads} ads, ${removed.agents} agents.`);
};

