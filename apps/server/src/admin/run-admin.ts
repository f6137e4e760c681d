import { parseArgs } from 'node:util';
import { rotateAccess } from './commands/access.js';
import { addAd, disableAd, enableAd, listAds, removeAd } from './commands/ads.js';
import { hideAgent, restoreAgent } from './commands/agents.js';
import { exportBrokers, importBrokers, importRankings } from './commands/brokers.js';
import { grantOperator, revokeOperator, userOperator } from './commands/operators.js';
import { moveToBucket, moveToDatabase, showStorage } from './commands/storage.js';
import { announce, importOfficialFaq, loadDemo, removeDemo, resetOfficial, setOfficial, showOfficial, showUsage } from './commands/site.js';
import { AdminError, type AdminContext, type Command } from './context.js';

const commands: Record<string, Command> = {
  'brokers import': importBrokers,
  'brokers export': exportBrokers,
  'rankings import': importRankings,
  'ads list': listAds,
  'ads add': addAd,
  'ads enable': enableAd,
  'ads disable': disableAd,
  'ads remove': removeAd,
  'official show': showOfficial,
  'official faq': importOfficialFaq,
  'official set': setOfficial,
  'official reset': resetOfficial,
  'announce': announce,
  'agent hide': hideAgent,
  'agent restore': restoreAgent,
  'operator grant': grantOperator,
  'operator revoke': revokeOperator,
  'user operator': userOperator,
  'usage': showUsage,
  'demo load': loadDemo,
  'demo remove': removeDemo,
  'access rotate': rotateAccess,
  'storage status': showStorage,
  'storage move-to-s3': moveToBucket,
  'storage move-to-db': moveToDatabase,
};

export const adminHelp = `Usage: npm run admin -- <command> [options]

  brokers import <file.csv|json>   add or update brokers by external_id (all rows or none)
  brokers export [file.csv]        every broker as CSV, formula cells neutralised (stdout without a file)
  rankings import <file.csv|json>  publish ranking lists; a list of the same category and date is replaced
  ads list
  ads add --type 1|2 --cover <image url> --href <link> [--title T] [--weight N] [--broker ID]
          [--from DATE] [--until DATE] [--languages zh-CN,zh-TW]
                                   slot 1 is the sidebar, 2 the right panel; an ad for the reader's
                                   languages is shown before one for every language
  ads enable|disable|remove <id>
  official show                    the official assistant and its FAQ counts
  official faq <file.csv|json>     replace the operator FAQ (question, answer); the built-in FAQ stays
  official set [--name N] [--intro T] [--avatar URL] [--opening T] [--prompt T] [--questions "Q1|Q2"]
                                   change the official assistant (kept across restarts; the rest follows the built-in)
  official reset                   back to the built-in name, texts and questions
  announce --title T --body B [--locale L]      post to every account's messages page
  agent hide <id> --reason R       hide an agent from everyone but its owner (the owner is told)
  agent restore <id>
  operator grant|revoke <phone|name>  make an account an operator (it can open the console at /admin), or stop it being one
  usage [--days N]                 messages and tokens per day (default 14 days)
  demo load | demo remove          the demo brokers, rankings, ads and agents
  access rotate                    revoke every access token (ACCESS_PASSWORD): visitors enter the password again
  storage status                   where uploaded files are kept: the database, the S3 bucket (S3_BUCKET)
  storage move-to-s3 [--limit N]   move files kept in the database to the bucket, one at a time, each checked
                                   (size and SHA-256) before its bytes leave the row; run it again to go on
  storage move-to-db [--limit N]   move files kept in the bucket back into the database, each checked before
                                   its object is deleted; then S3_BUCKET may be unset

Brokers columns: external_id, title, title_en, img_url, license_num, server_num, currency_num,
regulators (";"-separated), founded, headquarters, website.
Rankings columns: category (0 global, 1 trading environment, 3 hot search, 4 problem platforms),
rank, broker (its external_id), as_of (YYYY-MM-DD), score.`;

/** Runs one admin command; returns the process exit code (0 done, 1 refused or failed). */
export async function runAdmin(argv: string[], context: AdminContext): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        type: { type: 'string' },
        cover: { type: 'string' },
        href: { type: 'string' },
        title: { type: 'string' },
        weight: { type: 'string' },
        broker: { type: 'string' },
        from: { type: 'string' },
        until: { type: 'string' },
        languages: { type: 'string' },
        body: { type: 'string' },
        locale: { type: 'string' },
        reason: { type: 'string' },
        name: { type: 'string' },
        intro: { type: 'string' },
        avatar: { type: 'string' },
        opening: { type: 'string' },
        prompt: { type: 'string' },
        questions: { type: 'string' },
        days: { type: 'string' },
        limit: { type: 'string' },
        revoke: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    context.out(`${(error as Error).message}\n\n${adminHelp}`);
    return 1;
  }
  const [first = '', second = '', ...rest] = parsed.positionals;
  if (parsed.values.help || first === '' || first === 'help') {
    context.out(adminHelp);
    return first === '' && !parsed.values.help ? 1 : 0;
  }
  const pair = commands[`${first} ${second}`];
  const single = commands[first];
  const command = pair ?? single;
  if (!command) {
    context.out(`Unknown command: ${[first, second].filter(Boolean).join(' ')}\n\n${adminHelp}`);
    return 1;
  }
  const args = pair ? rest : [second, ...rest].filter(Boolean);
  try {
    await command(context, args, parsed.values);
    return 0;
  } catch (error) {
    if (error instanceof AdminError) {
      context.out(`error: ${error.message}`);
      return 1;
    }
    throw error;
  }
}
