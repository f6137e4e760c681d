import { cliAdminServices } from '../cli-services.js';
import { brokerRepo } from '../../db/repos/broker-repo.js';
import { isAppError } from '../../platform/app-error.js';
import { BrokerImportRefused } from '../../services/brokers/broker-import-service.js';
import {
  importFormat,
  ImportFileError,
  parseImport,
  rankingImportRow,
  rejectRankingConflicts,
  toSafeCsv,
  type RejectedRow,
} from '../../services/brokers/broker-import.js';
import { AdminError, requireArg, type AdminContext, type Command } from '../context.js';

async function readImport(context: AdminContext, file: string) {
  try {
    return { text: await context.readFile(file), format: importFormat(file) };
  } catch (error) {
    if (error instanceof ImportFileError) throw new AdminError(error.message);
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new AdminError(`No such file: ${file}`);
    throw error;
  }
}

function parseOrFail<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof ImportFileError) throw new AdminError(error.message);
    throw error;
  }
}

/** Prints every rejected row and refuses the whole file: an import is all or nothing. */
function refuseIfRejected(context: AdminContext, rejected: RejectedRow[], total: number): void {
  if (rejected.length === 0) return;
  const byLine = new Map<number, string[]>();
  for (const row of rejected) byLine.set(row.line, [...(byLine.get(row.line) ?? []), ...row.problems]);
  for (const [line, problems] of [...byLine].sort(([a], [b]) => a - b)) context.out(`line ${line}: ${problems.join('; ')}`);
  throw new AdminError(`${byLine.size} of ${total} rows rejected; nothing was imported. Fix them and run the import again.`);
}

export const importBrokers: Command = async (context, args) => {
  const file = requireArg(args, 0, 'the file to import (.csv or .json)');
  const { text } = await readImport(context, file);
  const { brokerImport } = cliAdminServices(context);
  try {
    const preview = await brokerImport.preview(file, text);
    const result = await brokerImport.import('cli', file, text, preview.digest);
    context.out(`Imported ${result.inserted + result.updated} brokers: ${result.inserted} new, ${result.updated} updated.`);
    if (preview.unshownLogoHosts.length > 0) {
      context.out(`Note: browsers will not load the logos from ${preview.unshownLogoHosts.join(', ')} (those brokers show their initial): add the hosts to IMAGE_HOSTS_ALLOWED (https only).`);
    }
  } catch (error) {
    if (error instanceof BrokerImportRefused) refuseIfRejected(context, error.rejected, error.total);
    if (isAppError(error)) throw new AdminError(error.message);
    throw error;
  }
};

export const importRankings: Command = async (context, args) => {
  const file = requireArg(args, 0, 'the file to import (.csv or .json)');
  const { text, format } = await readImport(context, file);
  const parsed = parseOrFail(() => parseImport(text, format, rankingImportRow));
  const total = parsed.rows.length + parsed.rejected.length;
  const repo = brokerRepo(context.db);
  const known = await repo.knownExternalIds([...new Set(parsed.rows.map(({ value }) => value.broker))]);
  rejectRankingConflicts(parsed, known);
  refuseIfRejected(context, parsed.rejected, total);
  if (parsed.rows.length === 0) throw new AdminError('The file holds no ranking rows.');
  await repo.replaceRankings(
    parsed.rows.map(({ value }) => ({ broker: value.broker, category: value.category, rank: value.rank, asOf: value.as_of, score: value.score })),
  );
  const lists = new Set(parsed.rows.map(({ value }) => `category ${value.category} on ${value.as_of}`));
  context.out(`Imported ${parsed.rows.length} ranking positions in ${lists.size} lists: ${[...lists].join(', ')}.`);
};

export const brokerExportColumns = [
  'external_id',
  'title',
  'title_en',
  'img_url',
  'license_num',
  'server_num',
  'currency_num',
  'regulators',
  'founded',
  'headquarters',
  'website',
];

/** Every broker as CSV in the import's columns; cells a spreadsheet would run as formulas are neutralised. */
export const exportBrokers: Command = async (context, args) => {
  const rows = await brokerRepo(context.db).all();
  const csv = toSafeCsv(
    brokerExportColumns,
    rows.map((row) => {
      const details = row.details as { regulators?: unknown; founded?: unknown; headquarters?: unknown; website?: unknown };
      return {
        external_id: row.externalId ?? row.id,
        title: row.title,
        title_en: row.titleEn,
        img_url: row.imgUrl,
        license_num: row.licenseNum,
        server_num: row.serverNum,
        currency_num: row.currencyNum,
        regulators: Array.isArray(details.regulators) ? details.regulators.join(';') : '',
        founded: typeof details.founded === 'number' ? details.founded : null,
        headquarters: typeof details.headquarters === 'string' ? details.headquarters : null,
        website: typeof details.website === 'string' ? details.website : null,
      };
    }),
  );
  const file = args[0];
  if (!file) {
    context.out(csv.trimEnd());
    return;
  }
  await context.writeFile(file, csv);
  context.out(`Exported ${rows.length} brokers to ${file}.`);
};
