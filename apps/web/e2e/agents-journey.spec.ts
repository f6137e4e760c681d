import { deflateSync } from 'node:zlib';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { agentsBaseURL } from './support/servers';
import { signUpBySms } from './support/sign-up';
import { expectFitsWidth } from './support/fits-width';
import { machineFactor } from './support/machine';

const screens = 'test-results/screens';

test.use({ baseURL: agentsBaseURL, locale: 'en-US' });
// One story, told in order: the agent the creator makes is the one the visitor finds.
test.describe.configure({ mode: 'serial', timeout: 120_000 * machineFactor });

/** A real 64×64 PNG (solid colour), for the avatar upload. */
function solidPng(size = 64): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, Buffer.from([0x2a, 0x9d, 0x8f]))]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

type Theme = 'light' | 'dark';
type SignedInState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** A browser tab at the given theme and width, optionally carrying the creator's signed-in storage. */
async function openTab(browser: Browser, { theme = 'light', width = 1280, signedIn }: { theme?: Theme; width?: number; signedIn?: SignedInState } = {}) {
  const context = await browser.newContext({ baseURL: agentsBaseURL, locale: 'en-US', viewport: { width, height: 900 }, storageState: signedIn });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: agentsBaseURL });
  await context.addInitScript((chosenTheme) => {
    localStorage.setItem('appSetting', JSON.stringify({ siderCollapsed: false, theme: chosenTheme, language: 'en-US' }));
  }, theme);
  return context.newPage();
}

function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

let shareLink = '';
let creatorName = '';
let creatorSession: SignedInState | undefined;
let visitorSession: SignedInState | undefined;
let visitorChatUrl = '';

test('a creator makes an agent, tries it, publishes it, finds it by a Chinese word and shares it', async ({ browser }) => {
  const page = await openTab(browser);
  const consoleErrors = watchConsole(page);
  // Not signed in, /create asks for an account; the login dialog signs up a new one by SMS.
  await page.goto('/create');
  await page.getByRole('main').getByRole('button', { name: 'Log in / Sign up' }).click();
  creatorName = (await signUpBySms(page)).username;
  creatorSession = await page.context().storageState();

  // Avatar: a real picture, checked and resized by the server.
  await page.locator('input[type=file]').setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: solidPng() });
  await expect(page.getByRole('img', { name: 'Current avatar' })).toHaveAttribute('src', /^\/files\/images\/[0-9a-f-]{36}$/);

  await page.getByRole('textbox', { name: 'Name' }).fill('汇率小助手');
  await page.getByRole('textbox', { name: 'Short description' }).fill('用生活中的例子解释汇率和点差');
  await page.getByRole('textbox', { name: 'Role prompt' }).fill('You explain exchange rates and spreads with everyday examples.');
  await page.getByRole('textbox', { name: 'Opening message' }).fill('你好！想了解汇率的什么？');
  for (const [index, question] of ['什么是点差？', 'Why do exchange rates move?'].entries()) {
    await page.getByRole('button', { name: 'Add a question' }).click();
    await page.getByRole('textbox', { name: `Suggested question ${index + 1}` }).fill(question);
  }

  // The preview answers the unsaved draft.
  const preview = page.getByRole('region', { name: 'Preview chat' });
  await expect(preview).toContainText('你好！想了解汇率的什么？');
  await preview.getByRole('button', { name: '什么是点差？' }).click();
  const previewAnswer = preview.getByRole('article', { name: '汇率小助手' }).nth(1);
  await expect(previewAnswer).toContainText(/\S{4,}/, { timeout: 20_000 * machineFactor });
  await expect(preview.getByRole('button', { name: 'Stop Responding' })).toBeHidden({ timeout: 20_000 * machineFactor });
  await page.screenshot({ path: `${screens}/agents-editor-light-1280.png`, fullPage: true });
  await expectNoSeriousViolations(page, 'agent editor');

  await page.getByText('Public', { exact: true }).click();
  await page.getByRole('button', { name: 'Create agent' }).click();
  await expect(page).toHaveURL(/\/edit\/[0-9a-f-]{36}$/);
  const appId = page.url().split('/').at(-1)!;
  const created = page.getByRole('status').filter({ hasText: '“汇率小助手” is created' });
  await expect(created).toBeVisible();
  await expect(created.getByRole('link', { name: 'Add knowledge' })).toHaveAttribute('href', `/upload/${appId}`);
  await expect(created).toContainText('Its share link is under My agents.');

  // Discover finds it by a Chinese word of its description.
  await page.goto('/discover');
  await page.getByRole('searchbox', { name: 'Search agents' }).fill('点差');
  // this creator's card: a retried run leaves the earlier attempt's agent of the same name
  const card = page.getByRole('listitem').filter({ hasText: `By ${creatorName}` }).getByRole('link', { name: 'Chat with 汇率小助手' });
  await expect(card).toBeVisible();
  await expect(page).toHaveURL(/q=%E7%82%B9%E5%B7%AE/);
  await page.screenshot({ path: `${screens}/agents-discover-light-1280.png`, fullPage: true });
  await expectNoSeriousViolations(page, 'discover');
  await card.click();
  await expect(page).toHaveURL(`/chat/${appId}`);
  const header = page.locator('header.chat-header');
  await expect(header.getByRole('heading', { name: '汇率小助手' })).toBeVisible();
  await expect(header).toContainText(creatorName);
  await expect(header).toContainText('用生活中的例子解释汇率和点差');
  // The chat is with an agent: 智能体 is the current entry, not 智能客服.
  await expect(page.getByRole('link', { name: 'Agents', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('link', { name: 'Customer service', exact: true })).not.toHaveAttribute('aria-current', 'page');

  // My agents: figures, and the share link copied.
  await page.goto('/user/role');
  const mine = page.getByRole('list', { name: 'My agents' }).getByRole('listitem').filter({ hasText: '汇率小助手' });
  await expect(mine).toContainText('Public', { timeout: 20_000 * machineFactor });
  await mine.getByRole('button', { name: 'Copy the share link of 汇率小助手' }).click();
  await expect(page.getByText('Copied', { exact: true })).toBeVisible();
  shareLink = await page.evaluate(() => navigator.clipboard.readText());
  expect(shareLink).toMatch(new RegExp(`^${agentsBaseURL}/share/[A-Za-z0-9]{16}$`));
  await page.screenshot({ path: `${screens}/agents-mine-light-1280.png`, fullPage: true });
  await expectNoSeriousViolations(page, 'my agents');

  expect(consoleErrors).toEqual([]);
  await page.context().close();
});

test('a fresh visitor opens the share link and chats with the agent', async ({ browser }) => {
  expect(shareLink).not.toBe('');
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  const consoleErrors = watchConsole(page);
  await page.goto(shareLink);
  await expect(page.getByRole('heading', { name: '汇率小助手' })).toBeVisible();
  await expect(page.getByText('你好！想了解汇率的什么？')).toBeVisible();
  await expect(page.getByText('什么是点差？')).toBeVisible();
  await page.screenshot({ path: `${screens}/agents-share-light-1280.png` });
  await expectNoSeriousViolations(page, 'shared agent');

  await page.getByRole('link', { name: 'Start chatting' }).click();
  // the chat it starts counts as asked through the share link
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}\?from=share$/);
  const input = page.getByRole('textbox', { name: 'Your question' });
  await input.fill('What is a spread?');
  await input.press('Enter');
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}\?chatId=[0-9a-f-]{36}$/);
  await expect(page.getByRole('button', { name: 'Stop Responding' })).toBeHidden({ timeout: 20_000 * machineFactor });
  await expect(page.getByRole('article', { name: '汇率小助手' }).nth(1)).toContainText(/\S{4,}/);
  visitorChatUrl = page.url();
  visitorSession = await context.storageState();
  expect(consoleErrors).toEqual([]);
  await context.close();
});

test('the editor, discover, my agents and the share page fit a phone and read well in both themes', async ({ browser }) => {
  expect(creatorSession, 'the first journey signed the creator up').toBeDefined();
  for (const theme of ['light', 'dark'] as const) {
    const page = await openTab(browser, { theme, signedIn: creatorSession });
    // The tab opens in its own stored theme, then takes the one the account saved: the choice is
    // read only once the account's settings have arrived and been drawn, not before.
    const accountSettings = page.waitForResponse((response) => response.url().includes('/api/settings/get'));
    await page.goto('/discover');
    await accountSettings;
    await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => setTimeout(drawn))));
    // A signed-in user's theme is kept with their settings on the server: choose it where they would.
    const themes = page.getByRole('complementary', { name: 'Sidebar' }).getByRole('radiogroup', { name: 'Theme' });
    const choice = themes.getByRole('radio', { name: theme === 'dark' ? 'Dark' : 'Light' });
    await expect(themes).toBeVisible();
    if (!(await choice.isChecked())) {
      // the next page loads read the theme back from the account: wait until it is saved there
      const saved = page.waitForResponse((response) => response.url().includes('/api/settings/save') && response.ok());
      await choice.check({ force: true });
      await saved;
    }
    const html = page.locator('html');
    if (theme === 'dark') await expect(html).toHaveClass(/\bdark\b/);
    else await expect(html).not.toHaveClass(/\bdark\b/);
    for (const width of theme === 'light' ? [375] : [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [name, path, ready] of [
        ['editor', '/create', page.getByRole('textbox', { name: 'Name' })],
        ['discover', '/discover', page.getByRole('listitem').filter({ hasText: `By ${creatorName}` }).getByRole('link', { name: 'Chat with 汇率小助手' })],
        ['mine', '/user/role', page.getByRole('list', { name: 'My agents' })],
        ['share', new URL(shareLink).pathname, page.getByRole('link', { name: 'Start chatting' })],
      ] as const) {
        await page.goto(path);
        // a page load fetches the app and the settings first; on a busy machine that alone can take a while
        await expect(ready).toBeVisible({ timeout: 20_000 * machineFactor });
        if (theme === 'dark') await expect(html).toHaveClass(/\bdark\b/);
        await expectFitsWidth(page, `${name} at ${width}px`);
        if (name === 'editor' && width === 375) {
          // The preview below the form is drawn too, and a phone still opens at the top, at the name.
          await expect(page.getByRole('region', { name: 'Preview chat' })).toBeVisible();
          expect(await page.evaluate(() => window.scrollY)).toBe(0);
          await expect(ready).toBeInViewport();
        }
        await page.screenshot({ path: `${screens}/agents-${name}-${theme}-${width}.png`, fullPage: width === 375 });
        if (name === 'discover' && theme === 'dark' && width === 1280) await expectNoSeriousViolations(page, 'discover, dark');
      }
    }
    await page.context().close();
  }
});

test('the creator deletes the agent after confirming; the visitor can still read their chat, marked as gone', async ({ browser }) => {
  expect(visitorSession, 'the visitor chatted with the agent').toBeDefined();
  const page = await openTab(browser, { signedIn: creatorSession });
  await page.goto('/user/role');
  const mine = page.getByRole('list', { name: 'My agents' }).getByRole('listitem').filter({ hasText: '汇率小助手' });
  await mine.getByRole('button', { name: 'Delete 汇率小助手' }).click();
  const confirm = page.getByRole('tooltip').filter({ hasText: 'Delete “汇率小助手”?' });
  await expect(confirm).toContainText('Chats people had with it stay readable for them.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Agent deleted', { exact: true })).toBeVisible();
  await expect(page.getByText('You have not made an agent yet.')).toBeVisible();
  await page.context().close();

  const visitorTab = await openTab(browser, { signedIn: visitorSession });
  const consoleErrors = watchConsole(visitorTab);
  await visitorTab.goto(visitorChatUrl);
  await expect(visitorTab.getByText('This agent no longer exists')).toBeVisible();
  await expect(visitorTab.getByText('What is a spread?')).toBeVisible();
  await expect(visitorTab.getByRole('textbox', { name: 'Your question' })).toHaveCount(0);
  await visitorTab.screenshot({ path: `${screens}/agents-deleted-chat-light-1280.png` });
  // the share link is gone with it
  await visitorTab.goto(shareLink);
  await expect(visitorTab.getByText('This share link does not work')).toBeVisible({ timeout: 20_000 * machineFactor });
  await expect(visitorTab.getByRole('link', { name: 'Start chatting' })).toHaveCount(0);
  await visitorTab.screenshot({ path: `${screens}/agents-share-gone-light-1280.png` });
  expect(consoleErrors.filter((line) => !line.includes('404'))).toEqual([]);
  await visitorTab.context().close();
});
