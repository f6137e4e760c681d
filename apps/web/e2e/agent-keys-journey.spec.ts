import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import OpenAI from 'openai';
import { expectNoSeriousViolations } from './support/axe';
import { agentsBaseURL } from './support/servers';
import { freshPhone, requestCode } from './support/sms-codes';
import { expectFitsWidth } from './support/fits-width';
import { journeyTimeout } from './support/machine';

const screens = 'test-results/screens';

test.use({ baseURL: agentsBaseURL, locale: 'en-US' });

test('a creator makes an API key, their software asks the agent with it, the analytics show those calls, and the revoked key is refused at once', async ({ page, context }) => {
  journeyTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: agentsBaseURL });
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });

  // Sign up by SMS where an agent is made, and make one.
  await page.goto('/create');
  await page.getByRole('main').getByRole('button', { name: 'Log in / Sign up' }).click();
  const loginDialog = page.getByRole('dialog', { name: 'Log in / Sign up' });
  const phone = freshPhone('136');
  await loginDialog.getByRole('textbox', { name: 'Phone number' }).fill(phone);
  const code = await requestCode(loginDialog, phone, 'login');
  await loginDialog.getByRole('textbox', { name: 'Verification code' }).fill(code);
  await loginDialog.getByRole('button', { name: 'Log in / Sign up' }).click();
  await expect(loginDialog).toBeHidden();
  await page.getByRole('textbox', { name: 'Name' }).fill('Rates desk');
  await page.getByRole('textbox', { name: 'Short description' }).fill('Explains exchange rates');
  await page.getByRole('textbox', { name: 'Role prompt' }).fill('You explain exchange rates with everyday examples.');
  await page.getByRole('button', { name: 'Create agent' }).click();
  await expect(page).toHaveURL(/\/edit\/[0-9a-f-]{36}$/);
  const appId = page.url().split('/').at(-1)!;

  // My agents → the agent's API keys, from the keyboard.
  await page.goto('/user/role');
  const keysLink = page.getByRole('link', { name: 'API keys of Rates desk' });
  await keysLink.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/user/role/${appId}?tab=keys`);
  await expect(page.getByRole('heading', { level: 1, name: 'Rates desk' })).toBeVisible();
  await expect(page.getByText('No API keys yet')).toBeVisible();

  // A new key: its secret is shown once, with a warning, and copies.
  await page.getByRole('button', { name: 'New key' }).click();
  const form = page.getByRole('dialog', { name: 'New API key' });
  await form.getByRole('textbox', { name: 'Name' }).fill('Website');
  await form.getByRole('spinbutton', { name: 'Calls per minute' }).fill('30');
  await form.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByRole('dialog', { name: 'Key “Website” is ready' });
  await expect(shown).toContainText('It will not be shown again');
  const secret = await shown.getByRole('textbox', { name: 'Secret key' }).inputValue();
  expect(secret).toMatch(/^pk_[\w-]{43}$/);
  await shown.getByRole('button', { name: 'Copy key' }).click();
  await expect(page.getByText('Copied', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  const curl = shown.getByRole('group', { name: 'curl' });
  await expect(curl).toContainText(`curl ${agentsBaseURL}/v1/chat/completions`);
  await expect(curl).toContainText(`Bearer ${secret}`);
  await expect(curl).toContainText(`"model": "${appId}"`);
  await page.screenshot({ path: `${screens}/agent-keys-secret-light-1280.png` });
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();

  // After a reload only the key's prefix is left.
  await page.reload();
  const website = page.getByRole('list', { name: 'API keys' }).getByRole('listitem').filter({ hasText: 'Website' });
  await expect(website).toContainText(`${secret.slice(0, 11)}…`);
  await expect(website).toContainText('30 calls/min');
  await expect(website).toContainText('Never');
  await expect(page.locator('body')).not.toContainText(secret);
  await page.screenshot({ path: `${screens}/agent-keys-list-light-1280.png`, fullPage: true });
  await expectNoSeriousViolations(page, 'API keys');

  // The creator's website asks the agent through the openai SDK, streamed and not.
  const software = new OpenAI({ baseURL: `${agentsBaseURL}/v1`, apiKey: secret, maxRetries: 0 });
  const answer = await software.chat.completions.create({ model: appId, messages: [{ role: 'user', content: 'What moves exchange rates?' }] });
  expect(answer.choices[0]?.message.content).not.toBe('');
  expect(answer.usage?.total_tokens).toBeGreaterThan(0);
  let streamed = '';
  for await (const chunk of await software.chat.completions.create({ model: appId, messages: [{ role: 'user', content: 'What moves exchange rates?' }], stream: true })) {
    streamed += chunk.choices[0]?.delta.content ?? '';
  }
  expect(streamed).toBe(answer.choices[0]?.message.content);

  // The analytics show what those calls did, and download as CSV.
  await page.getByRole('tab', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(`/user/role/${appId}?tab=analytics`);
  const sources = page.getByRole('region', { name: 'Where questions come from' });
  await expect(sources.getByRole('listitem').filter({ hasText: 'API' })).toContainText('2');
  await expect(page.getByRole('region', { name: 'Asked most' }).getByRole('listitem').first()).toContainText('What moves exchange rates?');
  await expect(page.getByRole('region', { name: 'Asked most' }).getByRole('listitem').first()).toContainText('2 times');
  await expect(page.locator('.analytics-chart canvas')).toBeVisible();
  await expectNoSeriousViolations(page, 'analytics');
  await page.screenshot({ path: `${screens}/agent-analytics-light-1280.png`, fullPage: true });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const csv = await readFile((await (await download).path())!, 'utf8');
  expect((await download).suggestedFilename()).toMatch(/^Rates desk \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}\.csv$/);
  expect(csv.split('\r\n')[0]).toContain('questions_api');
  expect(csv.trimEnd().split('\r\n').at(-1)).toMatch(/^\d{4}-\d{2}-\d{2},0,0,2,0,0,0,2,0,/);
  await page.getByRole('tab', { name: 'API keys' }).click();
  await expect(website).toContainText(/tokens/i);

  // Revoked after confirming: calls with it stop at once.
  await website.getByRole('button', { name: 'Revoke Website' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke “Website”?' });
  await expect(confirm).toContainText('Calls with this key stop working at once.');
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('“Website” is revoked')).toBeVisible();
  await expect(page.getByText('No active API keys')).toBeVisible();
  await expect(software.models.list()).rejects.toMatchObject({ status: 401, code: 'invalid_api_key' });
  await page.getByRole('button', { name: 'Revoked keys (1)' }).click();
  await expect(page.getByRole('list', { name: 'Revoked keys' }).getByRole('listitem')).toContainText('Revoked');

  // On a phone the page fits its width.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByRole('list', { name: 'Revoked keys' })).toBeVisible();
  await expectFitsWidth(page, 'the keys page on a phone');

  expect(consoleErrors).toEqual([]);
});
