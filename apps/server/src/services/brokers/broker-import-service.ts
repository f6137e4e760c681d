import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { BrokerImportPreview, BrokerImportResult } from '@parley/contracts';
import type { AuditRepo } from '../../db/repos/audit-repo.js';
import type { BrokerRepo, NewBroker } from '../../db/repos/broker-repo.js';
import { AppError } from '../../platform/app-error.js';
import { recordChange, type Operator } from '../admin/audit-service.js';
import { brokerImportRow, importFormat, ImportFileError, parseImport, rejectDuplicateBrokers, type BrokerImportRow, type RejectedRow } from './broker-import.js';

/** A row as it is stored: cells are kept as the text they are, nothing is evaluated. */
export function toNewBroker(value: BrokerImportRow): NewBroker {
  return {
    externalId: value.external_id,
    title: value.title,
    titleEn: value.title_en ?? '',
    imgUrl: value.img_url ?? null,
    licenseNum: value.license_num,
    serverNum: value.server_num,
    currencyNum: value.currency_num,
    details: {
      regulators: value.regulators,
      ...(value.founded !== undefined ? { founded: value.founded } : {}),
      ...(value.headquarters ? { headquarters: value.headquarters } : {}),
      ...(value.website ? { website: value.website } : {}),
    },
    isDemo: false,
  };
}

export function importDigest(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

const comparedFields = ['title', 'titleEn', 'imgUrl', 'licenseNum', 'serverNum', 'currencyNum', 'details'] as const;

/** A file the import refuses as a whole: what a person fixes, with the rows by line. */
export class BrokerImportRefused extends AppError {
  constructor(
    readonly rejected: RejectedRow[],
    readonly total: number,
  ) {
    const lines = new Set(rejected.map((row) => row.line)).size;
    super('VALIDATION', `${lines} of ${total} rows rejected; nothing was imported. Fix them and import the file again.`, { rejected });
  }
}

export interface BrokerImportDeps {
  brokers: Pick<BrokerRepo, 'byExternalIds'>;
  inTransaction: <T>(work: (repos: { brokers: Pick<BrokerRepo, 'upsert'>; audit: Pick<AuditRepo, 'insert'> }) => Promise<T>) => Promise<T>;
  /** Logo hosts browsers will not load (see services/site/picture-hosts.ts). */
  unshownHosts: (addresses: string[]) => string[];
}

/**
 * Broker data from a CSV or JSON file: previewed (what it adds, what it changes field by field,
 * what it refuses) and then imported, all rows or none, from the console or the admin CLI.
 */
export function createBrokerImportService(deps: BrokerImportDeps) {
  function parse(fileName: string, text: string) {
    try {
      const parsed = parseImport(text, importFormat(fileName), brokerImportRow);
      const total = parsed.rows.length + parsed.rejected.length;
      rejectDuplicateBrokers(parsed);
      return { ...parsed, total };
    } catch (error) {
      if (error instanceof ImportFileError) throw new AppError('VALIDATION', error.message, [{ path: 'text', message: error.message }]);
      throw error;
    }
  }

  return {
    async preview(fileName: string, text: string): Promise<BrokerImportPreview> {
      const parsed = parse(fileName, text);
      const incoming = parsed.rows.map(({ value }) => toNewBroker(value));
      const stored = new Map((await deps.brokers.byExternalIds(incoming.map((row) => row.externalId ?? ''))).map((row) => [row.externalId, row]));
      const added: BrokerImportPreview['added'] = [];
      const changed: BrokerImportPreview['changed'] = [];
      for (const row of incoming) {
        const before = stored.get(row.externalId ?? null);
        if (!before) {
          added.push({ externalId: row.externalId ?? '', title: row.title });
          continue;
        }
        const changes = comparedFields.filter((field) => !isDeepStrictEqual(before[field], row[field] ?? null)).map((field) => ({ field, before: before[field], after: row[field] }));
        if (changes.length > 0 || before.isDemo) changed.push({ externalId: row.externalId ?? '', title: row.title, changes });
      }
      return {
        digest: importDigest(text),
        total: parsed.total,
        added,
        changed,
        unchanged: incoming.length - added.length - changed.length,
        rejected: parsed.rejected,
        unshownLogoHosts: deps.unshownHosts(incoming.flatMap((row) => (row.imgUrl ? [row.imgUrl] : []))),
      };
    },

    /** Imports the file if it is the one previewed (`digest`); refuses it whole when any row is rejected. */
    async import(operator: Operator, fileName: string, text: string, digest: string): Promise<BrokerImportResult> {
      if (importDigest(text) !== digest) throw new AppError('CONFLICT', 'The file changed since its preview. Preview it again before importing.');
      const parsed = parse(fileName, text);
      if (parsed.rejected.length > 0) throw new BrokerImportRefused(parsed.rejected, parsed.total);
      if (parsed.rows.length === 0) throw new AppError('VALIDATION', 'The file holds no brokers.', [{ path: 'text', message: 'The file holds no brokers.' }]);
      return deps.inTransaction(async ({ brokers, audit }) => {
        const result = await brokers.upsert(parsed.rows.map(({ value }) => toNewBroker(value)));
        await recordChange(audit, operator, { action: 'brokers.import', target: { type: 'brokers', label: fileName }, after: { rows: parsed.rows.length, ...result } });
        return result;
      });
    },
  };
}

export type BrokerImportService = ReturnType<typeof createBrokerImportService>;
