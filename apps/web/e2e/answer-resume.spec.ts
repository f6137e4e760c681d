import { expect, test } from '@playwright/test';
import { journeyTimeout, machineFactor } from './support/machine';
import { slowStreamBaseURL } from './support/servers';

// answers stream for seconds there: the page reloads, or loses its connection, while one is still being written
test.use({ locale: 'en-US', baseURL: slowStreamBaseURL });

test('a reload mid-answer picks the answer up where it is and ends with exactly what the server saved', async ({ page }) => {
  journeyTimeout(60_000);
  await page.goto('/home');
  await page.getByRole('button', { name: "How do I check a forex broker's licence?" }).click();

  const stop = page.getByRole('button', { name: 'Stop Responding' });
  const answer = page.getByRole('article', { name: 'Customer service' }).nth(1);
  await expect(stop).toBeVisible();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}\?chatId=[0-9a-f-]{36}$/);
  await expect(answer).toContainText(/\w{4,} \w{4,}/);

  // the browser drops the stream; the reloaded page follows the answer still being written
  await page.reload();
  await expect(stop).toBeVisible();
  await expect(stop).toBeHidden({ timeout: 30_000 * machineFactor });
  await expect(answer).not.toContainText('Stopped');
  await expect(answer).toContainText(/licen[cs]e/i);
  // the markdown renderer is fetched on demand; until it arrives the text shows plain
  await expect(answer.locator('.markdown-view')).toBeVisible();
  const followed = await answer.locator('.chat-message__bubble').innerText();

  // what the server saved is what the page showed: nothing lost, nothing repeated
  await page.reload();
  await expect(answer.locator('.markdown-view')).toBeVisible();
  expect(await answer.locator('.chat-message__bubble').innerText()).toBe(followed);
});

test('a connection dropped mid-answer reconnects, says so meanwhile, and loses nothing', async ({ page }) => {
  journeyTimeout(60_000);
  // the first stream reaches the page cut short after its first events, as a dropped connection does
  await page.route('**/core/chat/completions', async (route) => {
    const response = await route.fetch();
    const frames = (await response.text()).split('\n\n').filter((frame) => frame.trim() !== '');
    await route.fulfill({ response, body: `${frames.slice(0, 4).join('\n\n')}\n\n` });
  });
  let releaseResume!: () => void;
  const resumeHeld = new Promise<void>((resolve) => (releaseResume = resolve));
  await page.route('**/core/chat/resume', async (route) => {
    await resumeHeld;
    await route.continue();
  });

  await page.goto('/home');
  await page.getByRole('button', { name: "How do I check a forex broker's licence?" }).click();
  const answer = page.getByRole('article', { name: 'Customer service' }).nth(1);
  const note = answer.getByRole('status').filter({ hasText: 'Connection lost — reconnecting…' });
  await expect(note).toBeVisible({ timeout: 30_000 * machineFactor });

  const shots = '/tmp/shots-resume';
  await page.screenshot({ path: `${shots}/reconnecting-light.png` });
  await page.getByRole('radio', { name: 'Dark' }).check({ force: true });
  await page.screenshot({ path: `${shots}/reconnecting-dark.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${shots}/reconnecting-mobile.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  releaseResume();

  const stop = page.getByRole('button', { name: 'Stop Responding' });
  await expect(note).toBeHidden({ timeout: 15_000 * machineFactor });
  await expect(stop).toBeHidden({ timeout: 30_000 * machineFactor });
  await expect(answer).toContainText(/licen[cs]e/i);
  // the markdown renderer is fetched on demand; until it arrives the text shows plain
  await expect(answer.locator('.markdown-view')).toBeVisible();
  const followed = await answer.locator('.chat-message__bubble').innerText();

  await page.reload();
  await expect(answer.locator('.markdown-view')).toBeVisible();
  expect(await answer.locator('.chat-message__bubble').innerText()).toBe(followed);
});
