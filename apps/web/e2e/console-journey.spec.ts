import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { consoleBaseURL, consolePort, smsGatewayURL } from './support/servers';
import { signUpBySms } from './support/sign-up';
import { machineFactor } from './support/machine';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const screens = 'test-results/screens';
const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-console-journey-'));
const serverEnv = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: String(consolePort),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  DEMO_DATA: 'off',
  OFFLINE_STREAM_DELAY_MS: '10',
  SMS_SENDER: 'http',
  SMS_GATEWAY_URL: `${smsGatewayURL}/send`,
};

test.use({ baseURL: consoleBaseURL, locale: 'en-US' });
test.describe.configure({ mode: 'serial', timeout: 180_000 * machineFactor });

let server: ChildProcess | null = null;

/** The production build on an embedded database in a directory of its own, which outlives a restart. */
async function startServer(): Promise<void> {
  server = spawn(process.execPath, ['apps/server/dist/server.js'], { cwd: root, env: serverEnv, stdio: 'ignore' });
  await expect.poll(async () => (await fetch(`${consoleBaseURL}/readyz`).catch(() => null))?.status ?? 0, { timeout: 60_000 * machineFactor }).toBe(200);
}

async function stopServer(): Promise<void> {
  const running = server;
  server = null;
  if (!running || running.exitCode !== null) return;
  const exited = new Promise((resolve) => running.once('exit', resolve));
  running.kill('SIGTERM');
  await exited;
}

test.beforeAll(startServer);
test.afterAll(async () => {
  await stopServer();
  rmSync(dataDir, { recursive: true, force: true });
});

async function openTab(browser: Browser, width = 1280): Promise<Page> {
  const context = await browser.newContext({ baseURL: consoleBaseURL, locale: 'en-US', viewport: { width, height: 900 } });
  await context.addInitScript(() => {
    if (!localStorage.getItem('appSetting')) localStorage.setItem('appSetting', JSON.stringify({ siderCollapsed: false, theme: 'light', language: 'en-US' }));
  });
  return context.newPage();
}

/** Signs up from the messages page, which asks a visitor to log in by itself. */
async function signUp(page: Page) {
  await page.goto('/user/message');
  return signUpBySms(page);
}

/** The signed-in user's token, as the page keeps it: for calls the journey makes as them. */
async function tokenOf(page: Page): Promise<string> {
  const stored = await page.evaluate(() => localStorage.getItem('SECRET_TOKEN'));
  return (stored ?? '').replace(/^"|"$/g, '');
}

async function ask(page: Page, question: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Your question' });
  await box.fill(question);
  await box.press('Enter');
}

test('an operator runs the site from the console, and every change is in the audit log', async ({ browser }) => {
  // the first operator: an account signed up on the site, made an operator with the admin CLI while the server is stopped
  const operatorTab = await openTab(browser);
  const operator = await signUp(operatorTab);
  await stopServer();
  const granted = spawnSync('npx', ['tsx', 'apps/server/src/admin/cli.ts', 'operator', 'grant', operator.phone], { cwd: root, env: serverEnv, encoding: 'utf8' });
  expect(granted.stdout).toContain(`${operator.username} is now an operator.`);
  await startServer();

  // an agent's owner and one of its users, each in a tab of their own
  const ownerTab = await openTab(browser);
  const owner = await signUp(ownerTab);
  const created = await ownerTab.request.post('/api/core/app/create', {
    headers: { authorization: `Bearer ${await tokenOf(ownerTab)}` },
    data: {
      name: 'Deposit desk',
      intro: 'Answers questions about deposits',
      avatarUrl: null,
      category: 'forex',
      systemPrompt: 'You answer questions about deposits.',
      model: null,
      temperature: 0.8,
      top_p: 1,
      openingMessage: 'Ask me about deposits.',
      suggestedQuestions: [],
      visibility: 'public',
    },
  });
  expect(created.status()).toBe(200);
  const agentId = ((await created.json()) as { data: { id: string } }).data.id;

  const askerTab = await openTab(browser);
  const asker = await signUp(askerTab);
  await askerTab.goto(`/chat/${agentId}`);
  const question = 'What is the minimum deposit for a Parley Markets account?';
  await ask(askerTab, question);
  await expect(askerTab.getByRole('button', { name: 'Regenerate' })).toBeVisible({ timeout: 20_000 * machineFactor });

  // a non-operator finds no console at all: its pages are the site's not-found page, its calls answer 404
  await ownerTab.goto('/admin/users');
  await expect(ownerTab).toHaveURL(/\/404$/);
  const hidden = await ownerTab.request.get('/api/admin/me', { headers: { authorization: `Bearer ${await tokenOf(ownerTab)}` } });
  expect(hidden.status()).toBe(404);

  // the dashboard
  await operatorTab.goto('/admin');
  await expect(operatorTab.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(operatorTab.getByText('Questions', { exact: true }).first()).toBeVisible();
  await operatorTab.screenshot({ path: `${screens}/console-dashboard.png`, fullPage: true });

  // the unanswered question, answered into the agent's knowledge
  await operatorTab.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Assistant quality' }).click();
  const entry = operatorTab.getByRole('list', { name: 'Unanswered questions' }).getByRole('listitem').filter({ hasText: question });
  await expect(entry).toContainText('Deposit desk');
  await operatorTab.screenshot({ path: `${screens}/console-quality.png`, fullPage: true });
  await entry.getByRole('button', { name: 'Answer into knowledge' }).click();
  const answerDialog = operatorTab.getByRole('dialog', { name: 'Answer into the knowledge' });
  await answerDialog.getByRole('textbox', { name: 'Answer' }).fill('The minimum deposit at Parley Markets is 100 USD.');
  await answerDialog.getByRole('button', { name: 'Add to knowledge' }).click();
  await expect(operatorTab.getByText('Added to the knowledge of Deposit desk.')).toBeVisible();

  // the agent answers it from then on
  await ask(askerTab, question);
  await expect(askerTab.getByText(/minimum deposit at Parley Markets is 100 USD/).last()).toBeVisible({ timeout: 20_000 * machineFactor });

  // hiding the agent: its owner reads why on their messages page
  await operatorTab.goto('/admin/agents');
  const agentRow = operatorTab.getByRole('listitem').filter({ hasText: 'Deposit desk' }).first();
  await agentRow.getByRole('button', { name: 'Hide' }).click();
  const hideDialog = operatorTab.getByRole('dialog', { name: 'Hide Deposit desk?' });
  await hideDialog.getByRole('textbox').fill('Promises returns it cannot guarantee');
  await hideDialog.getByRole('button', { name: 'Hide' }).click();
  await expect(operatorTab.getByText('Deposit desk is hidden; its owner was told.')).toBeVisible();
  await ownerTab.goto('/user/message');
  await expect(ownerTab.getByText(/Promises returns it cannot guarantee/)).toBeVisible();

  // disabling the user: their open tab is signed out
  await operatorTab.goto('/admin/users');
  await operatorTab.getByRole('searchbox', { name: 'Search by phone number or name' }).fill(asker.username);
  await operatorTab.getByRole('button', { name: new RegExp(asker.username) }).click();
  await operatorTab.getByRole('button', { name: 'Disable', exact: true }).click();
  const disableDialog = operatorTab.getByRole('dialog', { name: `Disable ${asker.username}?` });
  await disableDialog.getByRole('button', { name: 'Disable' }).click();
  await expect(operatorTab.getByText(`${asker.username} is disabled and signed out.`)).toBeVisible();
  await askerTab.bringToFront();
  // a tab coming back to the front asks the server again, as a person returning to it would
  await askerTab.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
  await expect(askerTab.getByText('This account is disabled or has been deleted.')).toBeVisible({ timeout: 15_000 * machineFactor });

  // broker data, imported after its preview
  await operatorTab.bringToFront();
  await operatorTab.goto('/admin/content?tab=brokers');
  await operatorTab.locator('input[type=file]').setInputFiles({
    name: 'brokers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('external_id,title,title_en,license_num\njourney-1,Harbour FX,Harbour FX,2\n'),
  });
  await expect(operatorTab.getByRole('region', { name: 'New brokers' })).toContainText('Harbour FX');
  await operatorTab.screenshot({ path: `${screens}/console-broker-preview.png`, fullPage: true });
  await operatorTab.getByRole('button', { name: 'Import 1 broker' }).click();
  await operatorTab.getByRole('dialog', { name: 'Import 1 broker?' }).getByRole('button', { name: 'Import' }).click();
  await expect(operatorTab.getByText('Imported: 1 new, 0 updated.')).toBeVisible();

  // the About page, edited beside its preview
  await operatorTab.getByRole('tab', { name: 'Site pages' }).click();
  const editor = operatorTab.getByRole('textbox', { name: 'Page text (Markdown)' });
  await editor.fill('# About Parley\n\nParley is run by a small team in Singapore.');
  await expect(operatorTab.getByRole('region', { name: 'Preview' }).getByRole('heading', { name: 'About Parley' })).toBeVisible();
  await operatorTab.getByRole('button', { name: 'Save page' }).click();
  await expect(operatorTab.getByText('Page saved. The site shows it now.')).toBeVisible();
  await ownerTab.goto('/aboutUs');
  await expect(ownerTab.getByText('Parley is run by a small team in Singapore.')).toBeVisible();

  // every change, in the audit log
  await operatorTab.goto('/admin/audit');
  const log = operatorTab.getByRole('list', { name: 'Changes, newest first' });
  for (const action of ['Site page edited', 'Broker data imported', 'User disabled', 'Agent hidden', 'Answered into the knowledge', 'Made an operator']) {
    await expect(log.getByText(action, { exact: true })).toBeVisible();
  }
  await expect(log.getByRole('listitem').filter({ hasText: 'Made an operator' })).toContainText('Admin CLI');
  await operatorTab.screenshot({ path: `${screens}/console-audit.png`, fullPage: true });
  expect(owner.username).not.toBe(operator.username);
});
