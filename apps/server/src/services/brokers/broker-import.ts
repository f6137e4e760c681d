import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { z } from 'zod';
import { brokerRankingCategories } from '../../db/schema/brokers.js';

/** One broker as an import file gives it (CSV columns or JSON keys). */
const countCell = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const text = String(value).trim();
  if (text === '') return 0;
  const number = Number(text);
  if (!Number.isInteger(number) || number < 0 || number > 100_000) {
    ctx.addIssue({ code: 'custom', message: 'must be a whole number from 0 to 100000' });
    return z.NEVER;
  }
  return number;
});

const optionalText = (max: number) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .optional()
    .transform((value) => value?.trim() || undefined);

const optionalHttpUrl = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined)
  .refine((value) => value === undefined || /^https?:\/\/\S+$/i.test(value), 'must be an http(s) address');

export const brokerImportRow = z
  .object({
    external_id: z
      .string({ error: 'is required' })
      .trim()
      .regex(/^[\w.:-]{1,64}$/, 'must be 1 to 64 letters, digits, "_", ".", ":" or "-"'),
    title: z.string({ error: 'is required' }).trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
    title_en: optionalText(100),
    img_url: optionalHttpUrl,
    license_num: countCell.optional().default(0),
    server_num: countCell.optional().default(0),
    currency_num: countCell.optional().default(0),
    /** Regulators, separated by ";" in CSV or a JSON array. */
    regulators: z
      .union([z.array(z.string()), z.string()])
      .optional()
      .transform((value) =>
        (Array.isArray(value) ? value : (value ?? '').split(';')).map((item) => item.trim()).filter(Boolean),
      ),
    founded: z
      .union([z.number(), z.string()])
      .optional()
      .transform((value, ctx) => {
        const text = String(value ?? '').trim();
        if (text === '') return undefined;
        const year = Number(text);
        if (!Number.isInteger(year) || year < 1800 || year > 2100) {
          ctx.addIssue({ code: 'custom', message: 'must be a year' });
          return z.NEVER;
        }
        return year;
      }),
    headquarters: optionalText(100),
    website: optionalHttpUrl,
  })
  .strict();
export type BrokerImportRow = z.output<typeof brokerImportRow>;

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

export const rankingImportRow = z
  .object({
    category: z.union([z.number(), z.string()]).transform((value, ctx) => {
      const category = Number(String(value).trim());
      if (!(brokerRankingCategories as readonly number[]).includes(category)) {
        ctx.addIssue({ code: 'custom', message: `must be one of ${brokerRankingCategories.join(', ')}` });
        return z.NEVER;
      }
      return category as (typeof brokerRankingCategories)[number];
    }),
    rank: z.union([z.number(), z.string()]).transform((value, ctx) => {
      const rank = Number(String(value).trim());
      if (!Number.isInteger(rank) || rank < 1 || rank > 100_000) {
        ctx.addIssue({ code: 'custom', message: 'must be a whole number from 1' });
        return z.NEVER;
      }
      return rank;
    }),
    broker: z.string({ error: 'is required' }).trim().min(1, 'is required (the external_id of a broker)'),
    as_of: z
      .string({ error: 'is required' })
      .trim()
      .refine((value) => isoDate.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'must be a date like 2026-11-01'),
    score: z
      .union([z.number(), z.string()])
      .optional()
      .transform((value, ctx) => {
        const text = String(value ?? '').trim();
        if (text === '') return undefined;
        const score = Number(text);
        if (!Number.isFinite(score)) {
          ctx.addIssue({ code: 'custom', message: 'must be a number' });
          return z.NEVER;
        }
        return score;
      }),
  })
  .strict();
export type RankingImportRow = z.output<typeof rankingImportRow>;

/** A row the import refused: its line in the file (CSV) or its position (JSON, from 1), and why. */
export interface RejectedRow {
  line: number;
  problems: string[];
}

export interface ParsedImport<T> {
  rows: { line: number; value: T }[];
  rejected: RejectedRow[];
}

/** A file the import cannot read at all (bad JSON, no header, wrong format). */
export class ImportFileError extends Error {
  override name = 'ImportFileError';
}

interface RawRecord {
  line: number;
  record: Record<string, unknown>;
}

function readRecords(text: string, format: 'csv' | 'json'): RawRecord[] {
  if (format === 'json') {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (error) {
      throw new ImportFileError(`The file is not valid JSON: ${(error as Error).message}`);
    }
    if (!Array.isArray(data)) throw new ImportFileError('The JSON file must hold an array of objects.');
    return data.map((record, index) => ({
      line: index + 1,
      record: record !== null && typeof record === 'object' && !Array.isArray(record) ? (record as Record<string, unknown>) : { __not_an_object: record },
    }));
  }
  try {
    const records = parse(text, { columns: true, bom: true, skip_empty_lines: true, trim: true, info: true, relax_column_count: false }) as {
      record: Record<string, string>;
      info: { lines: number };
    }[];
    // empty cells are "not given", as a missing JSON key is
    return records.map(({ record, info }) => ({
      line: info.lines,
      record: Object.fromEntries(Object.entries(record).filter(([, value]) => value !== '')),
    }));
  } catch (error) {
    throw new ImportFileError(`The CSV file could not be read: ${(error as Error).message}`);
  }
}

function problemsOf(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    if (issue.code === 'unrecognized_keys') return `unknown column(s): ${issue.keys.join(', ')}`;
    const field = issue.path.join('.');
    return field ? `${field} ${issue.message}` : issue.message;
  });
}

/** Reads and validates every row; rows with problems are reported, none are dropped silently. */
export function parseImport<T>(text: string, format: 'csv' | 'json', schema: z.ZodType<T>): ParsedImport<T> {
  const result: ParsedImport<T> = { rows: [], rejected: [] };
  for (const { line, record } of readRecords(text, format)) {
    if ('__not_an_object' in record) {
      result.rejected.push({ line, problems: ['must be an object'] });
      continue;
    }
    const parsed = schema.safeParse(record);
    if (parsed.success) result.rows.push({ line, value: parsed.data });
    else result.rejected.push({ line, problems: problemsOf(parsed.error) });
  }
  return result;
}

/** The format a file name implies. */
export function importFormat(fileName: string): 'csv' | 'json' {
  if (/\.csv$/i.test(fileName)) return 'csv';
  if (/\.json$/i.test(fileName)) return 'json';
  throw new ImportFileError('The file name must end in .csv or .json.');
}

/** Checks across rows: one broker per external_id in a brokers file. */
export function rejectDuplicateBrokers(parsed: ParsedImport<BrokerImportRow>): void {
  const seen = new Map<string, number>();
  for (const { line, value } of parsed.rows) {
    const first = seen.get(value.external_id);
    if (first !== undefined) parsed.rejected.push({ line, problems: [`external_id ${value.external_id} is already on line ${first}`] });
    else seen.set(value.external_id, line);
  }
}

/** Checks across rows of a rankings file: each rank and each broker once per list and date, and every broker known. */
export function rejectRankingConflicts(parsed: ParsedImport<RankingImportRow>, knownBrokers: Set<string>): void {
  const ranks = new Map<string, number>();
  const brokers = new Map<string, number>();
  for (const { line, value } of parsed.rows) {
    const problems: string[] = [];
    const list = `${value.category}/${value.as_of}`;
    const rankLine = ranks.get(`${list}/${value.rank}`);
    if (rankLine !== undefined) problems.push(`rank ${value.rank} of category ${value.category} on ${value.as_of} is already on line ${rankLine}`);
    else ranks.set(`${list}/${value.rank}`, line);
    const brokerLine = brokers.get(`${list}/${value.broker}`);
    if (brokerLine !== undefined) problems.push(`broker ${value.broker} is already ranked in category ${value.category} on ${value.as_of} (line ${brokerLine})`);
    else brokers.set(`${list}/${value.broker}`, line);
    if (!knownBrokers.has(value.broker)) problems.push(`broker ${value.broker} is not known: import it first`);
    if (problems.length > 0) parsed.rejected.push({ line, problems });
  }
}

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, or a leading tab or carriage return)
 * gets a leading apostrophe, so it opens as the text it is (OWASP "CSV injection").
 */
export function spreadsheetSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** Rows as CSV with a header, every text cell made spreadsheet-safe. */
export function toSafeCsv(columns: string[], rows: Record<string, string | number | null>[]): string {
  return stringify(
    rows.map((row) => columns.map((column) => (typeof row[column] === 'string' ? spreadsheetSafe(row[column]) : (row[column] ?? '')))),
    { header: true, columns },
  );
}
