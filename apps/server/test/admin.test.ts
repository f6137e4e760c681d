import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { brokerPaths, rankingPage } from '@parley/contracts';
import { decryptData } from './web-test-support.js';
import { runAdmin } from '../src/admin/run-admin.js';
import { ensureOfficialAssistant, officialAssistantSeed } from '../src/seed/official-assistant.js';
import { loadConfig } from '../src/config.js';
import { ads, announcements, apps, auditLog, brokers, notifications, users } from '../src/db/schema/index.js';
import { createAgent } from './fixtures/agents.js';
import { call, signedInUser, visitor } from './fixtures/chats.js';
import { buildTestApp, testDatabase } from './helper.js';

const constants = { keyConstant: 'admin test key', ivConstant: 'admin test iv' };
const app = await buildTestApp({ VISITOR_TOKEN_RATE_LIMIT: '1000', DATA_CIPHER_KEY: constants.keyConstant, DATA_CIPHER_IV: constants.ivConstant });
const db = (await testDatabase()).handle.db;
const config = loadConfig({ DEMO_DATA: 'off', BROKER_SITE_URL: 'https://brokers.example.com', IMAGE_HOSTS_ALLOWED: 'cdn.example.com' });

/** Runs a command the way the CLI does, with files from memory; returns the exit code, what it printed and what it wrote. */
async function admin(argv: string[], files: Record<string, string> = {}) {
  const lines: string[] = [];
  const written: Record<string, string> = {};
  const code = await runAdmin(argv, {
    db,
    config,
    out: (line) => lines.push(line),
    readFile: async (file) => {
      if (!(file in files)) throw Object.assign(new Error(`ENOENT: ${file}`), { code: 'ENOENT' });
      return files[file] as string;
    },
    writeFile: async (file, text) => {
      written[file] = text;
    },
  });
  return { code, output: lines.join('\n'), written };
}

async function brokerCount(): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(brokers);
  return row?.count ?? 0;
}

const formula = '=HYPERLINK("http://evil.example/x","Click")';

describe('brokers import', () => {
  it('refuses the whole file when any row is bad, naming each line and problem', async () => {
    const csv = [
      'external_id,title,title_en,license_num,server_num,regulators,website',
      'ok-1,Good FX,Good,2,3,FCA;ASIC,https://good.example.com',
      'ok-2,,Nameless,1,1,,',
      'bad id,Spaced,,x,1,,ftp://nope',
      'ok-1,Twice,,0,0,,',
    ].join('\n');
    const result = await admin(['brokers', 'import', 'brokers.csv'], { 'brokers.csv': csv });
    expect(result.code).toBe(1);
    expect(result.output).toContain('line 3: title is required');
    expect(result.output).toMatch(/line 4: external_id must be 1 to 64 .*; license_num must be a whole number from 0 to 100000; website must be an http\(s\) address/);
    expect(result.output).toContain('line 5: external_id ok-1 is already on line 2');
    expect(result.output).toContain('3 of 4 rows rejected; nothing was imported');
    expect(await brokerCount()).toBe(0);
  });

  it('refuses unknown columns, unreadable files and missing files with a clear message', async () => {
    expect((await admin(['brokers', 'import', 'b.csv'], { 'b.csv': 'external_id,title,colour\nx,X,red' })).output).toContain('unknown column(s): colour');
    expect((await admin(['brokers', 'import', 'b.json'], { 'b.json': '{"not": "a list"' })).output).toMatch(/error: The file is not valid JSON/);
    expect((await admin(['brokers', 'import', 'b.txt'], { 'b.txt': '' })).output).toBe('error: The file name must end in .csv or .json.');
    expect((await admin(['brokers', 'import', 'gone.csv'])).output).toBe('error: No such file: gone.csv');
    expect(await brokerCount()).toBe(0);
  });

  it('imports good rows, keeps a formula-like cell as the text it is, and updates by external_id', async () => {
    const csv = `external_id,title,title_en,license_num,server_num,currency_num,regulators,founded\nacme,Acme 外汇,Acme FX,2,5,40,FCA;ASIC,2009\nodd,"${formula.replaceAll('"', '""')}",,0,0,0,,\n`;
    const first = await admin(['brokers', 'import', 'b.csv'], { 'b.csv': csv });
    expect(first).toMatchObject({ code: 0, output: 'Imported 2 brokers: 2 new, 0 updated.' });
    const [odd] = await db.select().from(brokers).where(eq(brokers.externalId, 'odd'));
    expect(odd?.title).toBe(formula);

    const json = JSON.stringify([{ external_id: 'acme', title: 'Acme 外汇', license_num: 3, regulators: ['FCA', 'ASIC', 'CySEC'] }]);
    expect((await admin(['brokers', 'import', 'b.json'], { 'b.json': json })).output).toBe('Imported 1 brokers: 0 new, 1 updated.');
    const [acme] = await db.select().from(brokers).where(eq(brokers.externalId, 'acme'));
    expect(acme).toMatchObject({ licenseNum: 3, details: { regulators: ['FCA', 'ASIC', 'CySEC'] } });
  });

  it('says which logo hosts browsers will not load pictures from', async () => {
    const csv = [
      'external_id,title,img_url',
      'logo-1,Allowed FX,https://cdn.example.com/1.png',
      'logo-2,Elsewhere FX,https://logos.example.org/2.png',
      'logo-3,Plain FX,http://cdn.example.com/3.png',
      'logo-4,Bare FX,',
    ].join('\n');
    const result = await admin(['brokers', 'import', 'logos.csv'], { 'logos.csv': csv });
    expect(result.output.split('\n')).toEqual([
      'Imported 4 brokers: 4 new, 0 updated.',
      'Note: browsers will not load the logos from logos.example.org, cdn.example.com (plain http) (those brokers show their initial): add the hosts to IMAGE_HOSTS_ALLOWED (https only).',
    ]);
  });

  it('exports CSV a spreadsheet opens as text: formula cells get a leading apostrophe', async () => {
    const { code, written } = await admin(['brokers', 'export', 'out.csv']);
    expect(code).toBe(0);
    const csv = written['out.csv'] ?? '';
    expect(csv.split('\n')[0]).toBe('external_id,title,title_en,img_url,license_num,server_num,currency_num,regulators,founded,headquarters,website');
    expect(csv).toContain(`odd,"'=HYPERLINK(""http://evil.example/x"",""Click"")"`);
    expect(csv).toContain('acme,Acme 外汇,,,3,0,0,FCA;ASIC;CySEC,,,');
  });
});

describe('rankings import', () => {
  it('refuses unknown brokers, repeated ranks and bad categories, writing nothing', async () => {
    const csv = 'category,rank,broker,as_of\n0,1,acme,2026-11-01\n0,1,odd,2026-11-01\n2,1,acme,2026-11-01\n0,2,ghost,2026-13-01\n';
    const result = await admin(['rankings', 'import', 'r.csv'], { 'r.csv': csv });
    expect(result.code).toBe(1);
    expect(result.output).toContain('line 3: rank 1 of category 0 on 2026-11-01 is already on line 2');
    expect(result.output).toContain('line 4: category must be one of 0, 1, 3, 4');
    expect(result.output).toContain('line 5: as_of must be a date like 2026-11-01');
  });

  it('publishes a list the right panel then shows, and replaces a list of the same category and date', async () => {
    const guest = await visitor(app);
    const page = async () =>
      rankingPage.parse(await decryptData((await call(app, guest, 'GET', brokerPaths.rankings, { page: 1, category: 1 })).json().data, constants));
    expect((await admin(['rankings', 'import', 'r.csv'], { 'r.csv': 'category,rank,broker,as_of\n1,1,acme,2026-11-01\n1,2,odd,2026-11-01\n' })).code).toBe(0);
    expect((await page()).list.map((item) => item.id)).toEqual(['acme', 'odd']);
    const json = JSON.stringify([{ category: 1, rank: 1, broker: 'odd', as_of: '2026-11-01', score: 9.5 }]);
    expect((await admin(['rankings', 'import', 'r.json'], { 'r.json': json })).output).toBe('Imported 1 ranking positions in 1 lists: category 1 on 2026-11-01.');
    expect(await page()).toMatchObject({ asOf: '2026-11-01', list: [{ id: 'odd', rank: 1 }] });
  });
});

describe('ads', () => {
  it('adds, lists, disables and removes a banner, refusing bad input', async () => {
    expect((await admin(['ads', 'add', '--type', '3', '--cover', 'https://cdn.example.com/a.png', '--href', 'https://a.example.com'])).output).toBe(
      'error: --type must be 1 (sidebar) or 2 (right panel).',
    );
    expect((await admin(['ads', 'add', '--type', '1', '--cover', 'https://cdn.example.com/a.png', '--href', 'javascript:alert(1)'])).output).toBe(
      'error: --href must be an http(s) address.',
    );
    const added = await admin(['ads', 'add', '--type', '2', '--cover', 'https://cdn.example.com/a.png', '--href', 'https://a.example.com', '--title', 'Spring', '--broker', 'acme']);
    expect(added.code).toBe(0);
    expect(added.output).not.toContain('Note:');
    const id = /Added ad (\S+) to slot 2/.exec(added.output)?.[1] ?? '';
    expect((await admin(['ads', 'list'])).output).toContain(`${id}  slot 2  weight 1  enabled`);
    expect((await admin(['ads', 'disable', id])).output).toBe(`Ad ${id} disabled.`);
    expect((await db.select().from(ads).where(eq(ads.id, id)))[0]?.enabled).toBe(false);
    expect((await admin(['ads', 'remove', id])).output).toBe(`Ad ${id} removed.`);
    expect((await admin(['ads', 'remove', id])).output).toBe(`error: No ad has the id ${id}.`);
    const logged = await db.select().from(auditLog).where(eq(auditLog.targetId, id)).orderBy(auditLog.createdAt);
    expect(logged.map((row) => [row.action, row.actorName, row.actorId])).toEqual([
      ['ad.create', 'admin CLI', null],
      ['ad.update', 'admin CLI', null],
      ['ad.delete', 'admin CLI', null],
    ]);
    expect(logged[1]).toMatchObject({ before: { enabled: true }, after: { enabled: false } });
  });

  it('refuses an ad for a broker the site does not have, writing nothing', async () => {
    const before = (await db.select().from(ads)).length;
    const result = await admin(['ads', 'add', '--type', '1', '--cover', 'https://cdn.example.com/a.png', '--href', 'https://a.example.com', '--broker', 'no-such-broker']);
    expect(result.output).toBe('error: No broker has the id no-such-broker.');
    expect((await db.select().from(ads)).length).toBe(before);
  });

  it('writes an ad for some site languages, refusing a language the site does not speak', async () => {
    const cover = ['--type', '1', '--cover', 'https://cdn.example.com/a.png', '--href', 'https://a.example.com'];
    expect((await admin(['ads', 'add', ...cover, '--languages', 'zh-CN,fr-FR'])).output).toBe(
      'error: --languages takes site languages separated by commas, of en-US, es-ES, ko-KR, vi-VN, ru-RU, zh-CN, zh-TW; not fr-FR.',
    );
    const added = await admin(['ads', 'add', ...cover, '--languages', 'zh-CN, zh-TW']);
    const id = /Added ad (\S+) to slot 1/.exec(added.output)?.[1] ?? '';
    expect((await db.select().from(ads).where(eq(ads.id, id)))[0]?.languages).toEqual(['zh-CN', 'zh-TW']);
    expect((await admin(['ads', 'list'])).output).toContain(`${id}  slot 1  weight 1  enabled, zh-CN/zh-TW`);
  });

  it('says when browsers will not load the cover', async () => {
    const added = await admin(['ads', 'add', '--type', '1', '--cover', 'https://banners.example.org/a.png', '--href', 'https://a.example.com']);
    expect(added.code).toBe(0);
    expect(added.output.split('\n')[1]).toBe(
      'Note: browsers will not load the cover from banners.example.org: add the host to IMAGE_HOSTS_ALLOWED (https only), or give a data:image/… cover.',
    );
    const inline = await admin(['ads', 'add', '--type', '1', '--cover', 'data:image/svg+xml,%3Csvg%2F%3E', '--href', 'https://a.example.com']);
    expect(inline.output).not.toContain('Note:');
  });
});

describe('site operations', () => {
  it('posts an announcement', async () => {
    const result = await admin(['announce', '--title', '维护通知', '--body', '今晚 23:00 维护。']);
    expect(result.code).toBe(0);
    expect((await db.select().from(announcements)).map((row) => row.title)).toContain('维护通知');
  });

  it('hides an agent with a reason (telling its owner) and restores it', async () => {
    const owner = await signedInUser(db);
    const agent = await createAgent(app, owner, { visibility: 'public' });
    expect((await admin(['agent', 'hide', agent.id])).output).toBe('error: Missing --reason.');
    expect((await admin(['agent', 'hide', agent.id, '--reason', 'misleading claims'])).code).toBe(0);
    expect((await db.select().from(apps).where(eq(apps.id, agent.id)))[0]).toMatchObject({ hiddenReason: 'misleading claims' });
    const told = await db.select().from(notifications).where(eq(notifications.userId, owner.owner.userId ?? ''));
    expect(told.map((row) => row.kind)).toContain('app_hidden');
    expect((await admin(['agent', 'restore', agent.id])).code).toBe(0);
    expect((await db.select().from(apps).where(eq(apps.id, agent.id)))[0]?.hiddenAt).toBeNull();
    const toldAgain = await db.select().from(notifications).where(eq(notifications.userId, owner.owner.userId ?? ''));
    expect(toldAgain.map((row) => row.kind)).toContain('app_restored');
    expect((await admin(['agent', 'restore', agent.id])).output).toBe('The agent was already shown again.');
    // the console's service, audited as the admin CLI
    const audited = await db.select().from(auditLog).where(eq(auditLog.targetId, agent.id)).orderBy(auditLog.createdAt);
    expect(audited.map((row) => [row.action, row.actorId, row.actorName, row.after])).toEqual([
      ['agent.hide', null, 'admin CLI', { hidden: true, reason: 'misleading claims' }],
      ['agent.restore', null, 'admin CLI', { hidden: false, reason: '' }],
    ]);
  });

  it('makes an account an operator by phone or name and back, each change in the audit log as the admin CLI', async () => {
    const caller = await signedInUser(db, 'ops-person');
    const userId = caller.owner.userId ?? '';
    await db.update(users).set({ mobile: '13900001111' }).where(eq(users.id, userId));
    expect((await admin(['operator', 'grant', '13900001111'])).output).toBe('ops-person is now an operator.');
    expect((await db.select().from(users).where(eq(users.id, userId)))[0]?.isOperator).toBe(true);
    expect((await admin(['operator', 'revoke', 'OPS-person'])).output).toBe('ops-person is no longer an operator.');
    // the older spelling keeps working
    expect((await admin(['user', 'operator', 'ops-person'])).output).toBe('ops-person is now an operator.');
    expect((await admin(['user', 'operator', 'ops-person', '--revoke'])).output).toBe('ops-person is no longer an operator.');
    expect((await admin(['operator', 'grant', 'nobody-here'])).output).toBe('error: No account has the phone number or name nobody-here.');
    expect((await admin(['operator', 'grant'])).output).toBe('error: Missing the phone number or user name.');
    const logged = await db.select().from(auditLog).where(eq(auditLog.targetId, userId)).orderBy(auditLog.createdAt);
    expect(logged.map((row) => [row.action, row.actorId, row.actorName, row.before, row.after])).toEqual([
      ['operator.grant', null, 'admin CLI', { operator: false }, { operator: true }],
      ['operator.revoke', null, 'admin CLI', { operator: true }, { operator: false }],
      ['operator.grant', null, 'admin CLI', { operator: false }, { operator: true }],
      ['operator.revoke', null, 'admin CLI', { operator: true }, { operator: false }],
    ]);
  });

  it('replaces the operator FAQ of the official assistant, keeping the built-in one', async () => {
    const faq = JSON.stringify([{ question: '客服电话是多少？', answer: '请拨打 400-000-0000。' }]);
    expect((await admin(['official', 'faq', 'faq.json'], { 'faq.json': faq })).code).toBe(0);
    expect((await admin(['official', 'faq', 'faq.json'], { 'faq.json': faq })).code).toBe(0);
    expect((await admin(['official', 'show'])).output).toMatch(/Built-in FAQ entries: \d+; operator FAQ entries: 1\./);
    expect((await admin(['official', 'faq', 'faq.csv'], { 'faq.csv': 'question,answer\n,空问题\n' })).output).toContain('line 2: question is required');
  });

  it('sets up the official assistant, keeps the change across restarts, refuses bad values and resets', async () => {
    const set = await admin(['official', 'set', '--name', '汇信客服', '--questions', '怎么查牌照？| 如何出金？']);
    expect(set).toMatchObject({ code: 0, output: 'Changed name, suggestedQuestions of the official assistant.' });
    const official = async () => (await db.select().from(apps).where(eq(apps.isOfficial, true)))[0];
    expect(await official()).toMatchObject({ name: '汇信客服', suggestedQuestions: ['怎么查牌照？', '如何出金？'], intro: officialAssistantSeed.intro });
    // a restart lays the operator's changes over the seed again
    await ensureOfficialAssistant(db);
    expect((await official())?.name).toBe('汇信客服');

    const tooMany = await admin(['official', 'set', '--questions', 'a|b|c|d|e', '--name', 'x'.repeat(41)]);
    expect(tooMany.code).toBe(1);
    expect(tooMany.output).toBe('error: --name must be at most 40 characters; --questions must hold at most 4 questions. Nothing was changed.');
    expect((await admin(['official', 'set'])).output).toMatch(/^error: Nothing to change: give at least one of --name/);
    expect((await official())?.name).toBe('汇信客服');

    const avatar = await admin(['official', 'set', '--avatar', 'https://avatars.example.org/desk.png']);
    expect(avatar.output.split('\n')).toEqual([
      'Changed avatarUrl of the official assistant.',
      'Note: browsers will not load the avatar from avatars.example.org: add the host to IMAGE_HOSTS_ALLOWED, or upload the picture.',
    ]);
    expect((await admin(['official', 'set', '--avatar', 'https://cdn.example.com/desk.png'])).output).toBe('Changed avatarUrl of the official assistant.');

    expect((await admin(['official', 'reset'])).code).toBe(0);
    expect(await official()).toMatchObject({ name: officialAssistantSeed.name, suggestedQuestions: officialAssistantSeed.suggestedQuestions });
    // each change through the console's service, audited as the admin CLI with what it changed
    const audited = await db.select().from(auditLog).where(eq(auditLog.action, 'official.update')).orderBy(auditLog.createdAt);
    expect(audited.every((row) => row.actorName === 'admin CLI')).toBe(true);
    expect(audited.find((row) => (row.after as Record<string, unknown> | null)?.name === '汇信客服')).toMatchObject({
      before: { name: officialAssistantSeed.name, suggestedQuestions: officialAssistantSeed.suggestedQuestions },
    });
    expect(audited.at(-1)).toMatchObject({ after: { name: officialAssistantSeed.name } });
  });

  it('shows usage per day and says when there is none', async () => {
    const result = await admin(['usage', '--days', '3']);
    expect(result.code).toBe(0);
    expect(result.output.split('\n')[0]).toBe('day         messages  tokens     users  visitors');
    expect((await admin(['usage', '--days', 'many'])).output).toBe('error: --days must be a whole number from 1 to 366.');
  });

  it('prints the help for no or an unknown command, with exit code 1', async () => {
    expect((await admin([])).code).toBe(1);
    const unknown = await admin(['brokers', 'delete']);
    expect(unknown.code).toBe(1);
    expect(unknown.output).toMatch(/^Unknown command: brokers delete\n\nUsage: npm run admin/);
    expect((await admin(['--help'])).code).toBe(0);
  });
});
