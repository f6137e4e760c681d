import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { fakeOpenAIURL, modelBaseURL } from './support/servers';
import { expectNoSeriousViolations } from './support/axe';
import { settled } from './support/settled';
import { expectFitsWidth } from './support/fits-width';
import { machineFactor } from './support/machine';

/** Screenshots go where E2E_SCREENS says (outside the repo when reviewing), else under test-results. */
const screens = process.env.E2E_SCREENS ?? 'test-results/screens';

test.use({ locale: 'en-US', baseURL: modelBaseURL });

interface SeenRequest {
  body: { temperature?: number; top_p?: number; messages: { role: string; content: string }[] };
}

async function modelRequests(page: Page): Promise<SeenRequest[]> {
  const response = await page.request.get(`${fakeOpenAIURL}/__fake/requests`);
  return ((await response.json()) as { requests: SeenRequest[] }).requests;
}

function settingsMain(page: Page) {
  return page.getByRole('main');
}

test.describe('settings and the prompt store', () => {
  test('language and theme, role and temperature reaching the model, and prompts from add to "/"', async ({ page }) => {
    // The longest journey here: on a busy machine it needs more than the default 30 s.
    test.slow();
    await page.goto('/setting');
    const main = settingsMain(page);

    // Language: the settings' own picker changes the page and the document.
    await main.getByRole('combobox').first().selectOption('zh-CN');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(main.getByRole('tab', { name: '高级' })).toBeVisible();
    await main.getByRole('combobox').first().selectOption('en-US');
    await expect(main.getByRole('tab', { name: 'Advanced' })).toBeVisible();

    // Theme: dark marks the document.
    await main.getByRole('radio', { name: 'Dark' }).check({ force: true });
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await page.screenshot({ path: `${screens}/settings-general-dark.png`, fullPage: true });
    await settled(page);
    await expectNoSeriousViolations(page, 'settings, general, dark');
    await main.getByRole('radio', { name: 'Light' }).check({ force: true });
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    await page.screenshot({ path: `${screens}/settings-general-light.png`, fullPage: true });

    // Role and temperature, saved.
    await main.getByRole('tab', { name: 'Advanced' }).click();
    await main.getByLabel('Role (system message)').fill('You are a careful forex broker analyst.');
    const temperature = main.getByRole('spinbutton', { name: 'Temperature' });
    await temperature.fill('1.4');
    await temperature.blur();
    await main.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Save Success')).toBeVisible();
    await page.screenshot({ path: `${screens}/settings-advanced-light.png`, fullPage: true });
    await expectNoSeriousViolations(page, 'settings, advanced');

    await main.getByRole('tab', { name: 'Config' }).click();
    await expect(main.getByText('fake-model')).toBeVisible();
    await expect(main.getByText('Not reported by the provider')).toBeVisible();
    await expect(main).not.toContainText('sk-e2e-not-a-secret');
    await page.screenshot({ path: `${screens}/settings-config-light.png`, fullPage: true });
    await expectNoSeriousViolations(page, 'settings, config');

    // The next chat uses them: the model receives the role and the temperature.
    await page.goto('/home');
    const input = page.getByRole('textbox', { name: 'Your question' });
    await input.fill('What is a spread?');
    await input.press('Enter');
    await expect(page.getByText('echo: What is a spread?')).toBeVisible({ timeout: 20_000 * machineFactor });
    const last = (await modelRequests(page)).at(-1);
    expect(last?.body.temperature).toBe(1.4);
    expect(last?.body.top_p).toBe(1);
    expect(last?.body.messages[0]).toMatchObject({ role: 'system', content: expect.stringContaining('You are a careful forex broker analyst.') });

    // The chat is saved once the answer is done (the answer then has its actions and the header
    // offers sharing); the input remounts then, so the store is opened after that.
    await expect(page.getByRole('button', { name: 'Regenerate' }).last()).toBeVisible({ timeout: 20_000 * machineFactor });
    await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();

    // Prompt store, opened from the chat input by keyboard.
    const storeButton = page.getByRole('button', { name: 'Prompt store' });
    await storeButton.focus();
    await page.keyboard.press('Enter');
    const store = page.getByRole('dialog', { name: 'Prompt store' });
    await expect(store).toBeVisible();

    async function addPrompt(title: string, content: string) {
      await store.getByRole('button', { name: 'Add' }).click();
      const form = page.getByRole('dialog', { name: 'Add prompt' });
      await form.getByLabel('Title').fill(title);
      await form.getByLabel('Content').fill(content);
      await form.getByRole('button', { name: 'Save' }).click();
      return form;
    }
    await addPrompt('Spread check', 'Compare the EUR/USD spreads of these brokers:');
    await expect(store.getByText('Spread check')).toBeVisible();
    const refused = await addPrompt('Spread check', 'Something else');
    await expect(refused.getByText('This title is already used. Please enter another one.')).toBeVisible();
    await refused.getByRole('button', { name: 'Cancel' }).click();
    await addPrompt('Licence lookup', 'Which regulator licenses this broker?');
    await expect(store.getByText('Prompts: 2')).toBeVisible();
    await settled(page);
    await page.screenshot({ path: `${screens}/prompt-store-light.png` });
    await expectNoSeriousViolations(page, 'prompt store');

    // Export, clear, and import the exported file back.
    const [download] = await Promise.all([page.waitForEvent('download'), store.getByRole('button', { name: 'Export' }).click()]);
    const exported = await download.path();
    expect(JSON.parse(await readFile(exported, 'utf8'))).toHaveLength(2);
    await store.getByRole('button', { name: 'Clear' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(store.getByText('Prompts: 0')).toBeVisible();
    await store.getByRole('button', { name: 'Import' }).click();
    await store.getByTestId('prompt-import-file').setInputFiles(exported);
    await expect(store.getByRole('status')).toContainText('added: 2');
    await expect(store.getByText('Prompts: 2')).toBeVisible();

    // A second import of the same file skips both and says why.
    await store.getByTestId('prompt-import-file').setInputFiles(exported);
    await expect(store.getByRole('status')).toContainText('skipped: 2');
    await expect(store.getByText('"Spread check": the title is already in the store')).toBeVisible();

    await store.getByRole('tab', { name: 'Online' }).click();
    await expect(store.getByText('Note: please check where the JSON file comes from!')).toBeVisible();
    await page.screenshot({ path: `${screens}/prompt-store-online-light.png` });
    await page.keyboard.press('Escape');
    await expect(store).toBeHidden();

    // "/" in the chat input offers the stored prompts; Enter fills the input.
    await input.fill('/lic');
    const suggestions = page.getByRole('listbox', { name: /prompt/i });
    await expect(suggestions.getByRole('option')).toHaveCount(1);
    await input.press('Enter');
    await expect(input).toHaveValue('Which regulator licenses this broker?');
  });

  test('chat history tools: export, clear with confirmation, refuse a bad file, import the export back', async ({ page }) => {
    test.slow();
    await page.goto('/home');
    const input = page.getByRole('textbox', { name: 'Your question' });
    await input.fill('How do I check a licence?');
    await input.press('Enter');
    await expect(page.getByText('echo: How do I check a licence?')).toBeVisible({ timeout: 20_000 * machineFactor });

    await page.goto('/setting');
    const main = settingsMain(page);
    const [download] = await Promise.all([page.waitForEvent('download'), main.getByRole('button', { name: 'Export all chats' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^parley-chats-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = await download.path();
    const file = JSON.parse(await readFile(exported, 'utf8')) as { chats: { title: string; messages: { content: string }[] }[] };
    expect(file.chats).toHaveLength(1);
    expect(file.chats[0]?.messages.map((message) => message.content)).toEqual(['How do I check a licence?', 'echo: How do I check a licence?']);
    await expect(page.getByText('Export Success — chats: 1')).toBeVisible();

    await main.getByRole('button', { name: 'Clear all chats' }).click();
    const confirm = page.locator('.ant-popconfirm');
    await expect(confirm.getByText('Clear chat history?')).toBeVisible();
    await page.screenshot({ path: `${screens}/settings-history-clear-confirm-light.png`, fullPage: true });
    await confirm.getByRole('button', { name: 'Clear all chats' }).click();
    await expect(page.getByText('Clear Success')).toBeVisible();

    const fileInput = main.getByTestId('chat-history-import-file');
    await fileInput.setInputFiles({ name: 'prompts.json', mimeType: 'application/json', buffer: Buffer.from('[{"title":"a prompt","content":"x"}]') });
    await expect(main.getByRole('alert')).toContainText('is not a chat history export of this app');
    await fileInput.setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{"format": "parley-chats",') });
    await expect(main.getByRole('alert')).toContainText('is not valid JSON');
    await page.screenshot({ path: `${screens}/settings-history-refused-light.png`, fullPage: true });

    await fileInput.setInputFiles(exported);
    await expect(page.getByText('Import Success — chats: 1')).toBeVisible();
    await fileInput.setInputFiles(exported);
    await expect(main.getByRole('alert')).toContainText('Some chats in this file are already in your history. Nothing was imported.');
    await expect(main.getByRole('alert')).toContainText(`“${file.chats[0]?.title}” is already in your history`);
    await main.getByRole('radio', { name: 'Dark' }).check({ force: true });
    await page.screenshot({ path: `${screens}/settings-history-refused-dark.png`, fullPage: true });
    await main.getByRole('radio', { name: 'Light' }).check({ force: true });
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`settings and the prompt store on a 375 px phone, ${theme}`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, locale: 'en-US', baseURL: modelBaseURL });
      const page = await context.newPage();
      await page.goto('/setting');
      await page.evaluate((value) => {
        const stored = JSON.parse(localStorage.getItem('appSetting') ?? '{}') as Record<string, unknown>;
        localStorage.setItem('appSetting', JSON.stringify({ ...stored, theme: value }));
      }, theme);
      await page.reload();
      const main = settingsMain(page);
      await expect(main.getByRole('tab', { name: 'General' })).toBeVisible();
      await expectFitsWidth(page, `the settings on a phone, ${theme}`);
      await page.screenshot({ path: `${screens}/settings-375-${theme}.png`, fullPage: true });
      await main.getByRole('button', { name: 'Prompt store' }).click();
      const store = page.getByRole('dialog', { name: 'Prompt store' });
      await expect(store).toBeVisible();
      await settled(page);
      await page.screenshot({ path: `${screens}/prompt-store-375-${theme}.png` });
      await store.getByRole('tab', { name: 'Online' }).click();
      await settled(page);
      await page.screenshot({ path: `${screens}/prompt-store-online-375-${theme}.png` });
      await context.close();
    });
  }

  test('the prompt store in dark on a desktop', async ({ page }) => {
    await page.goto('/setting');
    await settingsMain(page).getByRole('radio', { name: 'Dark' }).check({ force: true });
    await settingsMain(page).getByRole('button', { name: 'Prompt store' }).click();
    await expect(page.getByRole('dialog', { name: 'Prompt store' })).toBeVisible();
    await settled(page);
    await page.screenshot({ path: `${screens}/prompt-store-dark.png` });
  });
});
