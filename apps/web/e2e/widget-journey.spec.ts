import type { Server } from 'node:http';
import { expect, test, type Frame, type Page } from '@playwright/test';
import { agentPaths, widgetPaths } from '@parley/contracts';
import { expectNoSeriousViolationsInFrame } from './support/axe';
import { startHostSite } from './support/host-pages';
import { openPort, widgetHostPort, widgetHostURL, widgetStrangerPort, widgetStrangerURL } from './support/servers';
import { freshPhone, requestCode } from './support/sms-codes';
import { journeyTimeout, machineFactor } from './support/machine';

test.use({ locale: 'en-US' });

const parleyURL = `http://127.0.0.1:${openPort}`;
const agentName = 'Tea Helper';
const opening = 'Hello! I help with orders from Harbour Tea Shop.';
let agentId = '';
let sites: Server[] = [];

test.beforeAll(async () => {
  sites = await Promise.all([widgetHostPort, widgetStrangerPort].map((port) => startHostSite(port, parleyURL, () => agentId)));
});

test.afterAll(async () => {
  await Promise.all(sites.map((site) => new Promise((resolve) => site.close(resolve))));
});

/** Signs an owner up by SMS and makes their private agent, shown on the first host website only. */
async function agentOnHostSite(page: Page): Promise<string> {
  await page.goto('/home');
  await page.getByRole('button', { name: 'Log in / Sign up' }).first().click();
  const loginDialog = page.getByRole('dialog', { name: 'Log in / Sign up' });
  const phone = freshPhone('137');
  await loginDialog.getByRole('textbox', { name: 'Phone number' }).fill(phone);
  const code = await requestCode(loginDialog, phone, 'login');
  await loginDialog.getByRole('textbox', { name: 'Verification code' }).fill(code);
  await loginDialog.getByRole('button', { name: 'Log in / Sign up' }).click();
  await expect(loginDialog).toBeHidden();
  const token = await page.evaluate(() => localStorage.getItem('SECRET_TOKEN'));
  const headers = { authorization: `Bearer ${token}` };
  const created = await page.request.post(`/api${agentPaths.create}`, {
    headers,
    data: {
      name: agentName,
      intro: 'Orders, delivery and brewing',
      avatarUrl: null,
      category: 'general',
      systemPrompt: 'You answer questions about Harbour Tea Shop orders.',
      model: null,
      temperature: 0.7,
      top_p: 1,
      openingMessage: opening,
      suggestedQuestions: ['How long does delivery take?', 'How do I brew green tea?'],
      visibility: 'private',
    },
  });
  expect(created.ok()).toBe(true);
  const id = ((await created.json()) as { data: { id: string } }).data.id;
  const saved = await page.request.post(`/api${widgetPaths.saveOrigins}`, { headers, data: { appId: id, origins: [widgetHostURL] } });
  expect(saved.ok()).toBe(true);
  return id;
}

/** The names of the page's buttons as assistive technology reads them, closed shadow roots included. */
async function buttonNames(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: { role?: { value: string }; name?: { value: string } }[] };
  await cdp.detach();
  return nodes.filter((node) => node.role?.value === 'button').map((node) => node.name?.value ?? '');
}

/** Tabs through the page until the widget's launcher (in its closed shadow root) has the focus. */
async function tabToLauncher(page: Page): Promise<void> {
  for (let presses = 0; presses < 10; presses += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement?.hasAttribute('data-parley-widget') ?? false)) return;
  }
  throw new Error('the launcher never took the focus');
}

async function panelFrame(page: Page): Promise<Frame> {
  let panel: Frame | undefined;
  await expect.poll(() => (panel = page.frames().find((frame) => frame.url().startsWith(`${parleyURL}/widget/`))) !== undefined).toBe(true);
  return panel!;
}

test('a visitor of a listed website chats with the agent in the widget, and a website it does not list gets no panel', async ({ page, browser }) => {
  journeyTimeout(120_000);
  agentId = await agentOnHostSite(page);

  const visitor = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
  const site = await visitor.newPage();
  await site.goto(`${widgetHostURL}/?theme=light`);
  // the loader asks Parley first (its config call), then draws the launcher: two round trips on a busy machine
  await expect(site.locator('[data-parley-widget]')).toBeAttached({ timeout: 15_000 * machineFactor });
  expect(await buttonNames(site)).toContain(`Chat with ${agentName}`);

  await test.step('the launcher opens the panel from the keyboard, with the opening message and suggestions', async () => {
    await tabToLauncher(site);
    await site.keyboard.press('Enter');
    const panel = await panelFrame(site);
    await expect(panel.getByRole('heading', { name: agentName })).toBeVisible();
    await expect(panel.getByText(opening)).toBeVisible();
    await expect(panel.getByRole('button', { name: 'How long does delivery take?' })).toBeVisible();
    await expect(panel.getByRole('textbox', { name: 'Your question' })).toBeFocused();
    expect(await buttonNames(site)).toContain(`Close the chat with ${agentName}`);
  });

  const panel = await panelFrame(site);
  await test.step('a question is answered as it streams, and can be followed by another', async () => {
    const input = panel.getByRole('textbox', { name: 'Your question' });
    await input.fill('When do you ship my order?');
    await input.press('Enter');
    await expect(panel.getByText('When do you ship my order?')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Stop answering' })).toBeVisible();
    const answer = panel.getByRole('article', { name: agentName }).last();
    await expect(answer).toContainText(/\w{4,} \w{4,}/);
    await expect(panel.getByRole('button', { name: 'Stop answering' })).toBeHidden({ timeout: 20_000 * machineFactor });
    await expect(panel.getByRole('button', { name: 'Send' })).toBeVisible();
  });

  await expectNoSeriousViolationsInFrame(panel, 'the open widget panel with an answer');

  await test.step("the page switches the widget's language through its message API", async () => {
    await site.evaluate(() => window.postMessage({ type: 'parley-widget:set-language', lang: 'zh-CN' }, window.location.origin));
    await expect(panel.getByRole('textbox', { name: '你的问题' })).toBeVisible();
    await expect.poll(() => buttonNames(site)).toContain(`关闭与${agentName}的对话`);
  });

  await test.step('Escape in the panel closes it and gives the focus back to the launcher', async () => {
    await panel.getByRole('textbox', { name: '你的问题' }).press('Escape');
    await expect(site.locator('[data-parley-widget]')).toBeFocused();
    await expect.poll(() => buttonNames(site)).toContain(`与${agentName}对话`);
  });

  await test.step('a website the agent does not list gets no launcher, one console note, and a refused frame', async () => {
    const stranger = await visitor.newPage();
    const notes: string[] = [];
    stranger.on('console', (message) => notes.push(message.text()));
    await stranger.goto(`${widgetStrangerURL}/?bare-frame=1&origin=${encodeURIComponent(widgetStrangerURL)}`);
    await expect.poll(() => notes.filter((note) => note.includes(`cannot be shown on ${widgetStrangerURL}`)).length).toBe(1);
    await expect(stranger.locator('[data-parley-widget]')).toHaveCount(0);
    // the panel itself, framed there by hand, is refused by the browser (frame-ancestors)
    await expect.poll(() => notes.some((note) => note.includes('frame-ancestors'))).toBe(true);
    await expect(stranger.frameLocator('iframe[title="Bare panel"]').getByRole('textbox')).toHaveCount(0);
  });

  await visitor.close();
});
