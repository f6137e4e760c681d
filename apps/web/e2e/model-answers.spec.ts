import { expect, test, type Page } from '@playwright/test';
import { scriptedBaseURL, scriptedModelURL } from './support/servers';
import { journeyTimeout, machineFactor } from './support/machine';

const screens = process.env.E2E_SCREENS ?? 'test-results/screens';

test.use({ locale: 'en-US', baseURL: scriptedBaseURL });
// one scripted model service for the whole file: its journeys take turns
test.describe.configure({ mode: 'serial' });

/** Tells the model service how to answer next (apps/server/test/fake-openai/scenarios.ts). */
async function script(page: Page, scenario: object) {
  const response = await page.request.post(`${scriptedModelURL}/__fake/scenario`, { data: scenario });
  expect(response.ok()).toBe(true);
}

async function ask(page: Page, question: string) {
  const input = page.getByRole('textbox', { name: /Your question|你的问题|输入问题/ });
  await input.fill(question);
  await input.press('Enter');
}

interface SeenRequest {
  body: { messages: { content: string }[] };
}

async function modelRequests(page: Page): Promise<SeenRequest[]> {
  const response = await page.request.get(`${scriptedModelURL}/__fake/requests`);
  return ((await response.json()) as { requests: SeenRequest[] }).requests;
}

/** The last prompt's size as the model service counts it (the fake: four characters a token). */
async function lastPromptTokens(page: Page): Promise<number> {
  const last = (await modelRequests(page)).at(-1);
  return Math.ceil((last?.body.messages.map((message) => message.content).join('\n').length ?? 0) / 4);
}

const answers = (page: Page) => page.getByRole('article', { name: /Customer service|智能客服/ });

test('a reasoning model shows its thinking live, folds it once the answer starts, and the chat goes on', async ({ page }) => {
  journeyTimeout(60_000);
  const thinking = 'The user asks about spreads. I should explain the gap between the bid and the ask price, and keep it short.';
  // the model thinks, then waits before its answer until the checks of the open thinking are done:
  // however slow the machine, the thinking is still going on while it is checked
  await script(page, { kind: 'ok', reasoning: thinking, text: 'A spread is the gap between the bid and the ask price.', intervalMs: 40, pauseAfter: 0 });
  await page.goto('/home');
  await ask(page, 'What is a spread?');

  const answer = answers(page).nth(1);
  const block = answer.locator('details.thinking-block');
  // while it thinks: open, saying so, the thoughts arriving
  await expect(block).toHaveAttribute('open', '');
  await expect(block.getByRole('status')).toHaveText('Thinking…');
  await expect(block).toContainText('The user asks');
  await page.screenshot({ path: `${screens}/thinking-live-en-US.png` });
  expect((await page.request.post(`${scriptedModelURL}/__fake/proceed`)).ok()).toBe(true);

  // once the answer starts the thinking folds away, with how long it took
  await expect(answer).toContainText('A spread is the gap between the bid and the ask price.', { timeout: 20_000 * machineFactor });
  await expect(block).not.toHaveAttribute('open', '');
  await expect(block.locator('summary')).toHaveText(/Thought for \d+ seconds?/);
  await page.screenshot({ path: `${screens}/thinking-folded-en-US.png` });

  // the reader can open it again, from the keyboard too
  await block.locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(block).toHaveAttribute('open', '');
  await expect(block.locator('.thinking-block__text')).toHaveText(thinking);

  // the chat goes on, and the thinking is saved with the answer
  await script(page, { kind: 'ok', text: 'Leverage multiplies both gains and losses.' });
  await ask(page, 'And leverage?');
  await expect(answers(page).last()).toContainText('Leverage multiplies both gains and losses.');
  await page.reload();
  await expect(answers(page).nth(1).locator('details.thinking-block summary')).toHaveText(/Thought for \d+ seconds?/);
});

test('a conversation that outgrows a small model window recovers by itself', async ({ page }) => {
  journeyTimeout(60_000);
  await script(page, { kind: 'ok', text: 'A long answer about brokers. '.repeat(30) });
  await page.goto('/home');
  await ask(page, `First, tell me about regulators ${'and licences '.repeat(8)}`);
  await expect(answers(page).nth(1)).toContainText('A long answer about brokers.', { timeout: 20_000 * machineFactor });
  const before = (await modelRequests(page)).length;
  await ask(page, `Then about spreads ${'and fees '.repeat(8)}`);
  // the second answer is written: its prompt reached the model and nothing streams any more (the
  // first answer reads the same, so the text alone could be the old one)
  await expect.poll(async () => (await modelRequests(page)).length).toBe(before + 1);
  await expect(page.getByRole('button', { name: 'Stop Responding' })).toBeHidden({ timeout: 20_000 * machineFactor });
  await expect(answers(page).last()).toContainText('A long answer about brokers.', { timeout: 20_000 * machineFactor });

  // now the model is llama.cpp with a window just the size of the last prompt: the next one,
  // carrying one more turn, does not fit until the older turns are left out
  const window = await lastPromptTokens(page);
  await script(page, { kind: 'contextWindow', vendor: 'llamacpp', limit: window, text: 'Still answering: the older turns made room.' });
  await ask(page, 'One more question?');
  // the list draws only the rows in view: the newest answer is the last one drawn
  const third = answers(page).last();
  await expect(third).toContainText('Still answering: the older turns made room.', { timeout: 20_000 * machineFactor });
  await expect(third.getByRole('alert')).toHaveCount(0);
  // refused once, then asked again shorter
  const seen = await modelRequests(page);
  expect(seen.length).toBeGreaterThanOrEqual(4);
});

test('a refused model key tells the user the operator must fix it, in English and in Chinese', async ({ page }) => {
  journeyTimeout(60_000);
  await script(page, { kind: 'vendorError', vendor: 'openai', failure: 'auth' });
  await page.goto('/home');
  await ask(page, 'Is anyone there?');

  const failed = answers(page).nth(1);
  await expect(failed.getByRole('alert')).toContainText("The site's key for the model service was refused. The site's operator needs to fix it.");
  // no tokens are counted for an answer that never came
  await expect(failed).not.toContainText(/tokens?/);
  await page.screenshot({ path: `${screens}/model-key-refused-en-US.png` });

  // the same saved answer, read again in Chinese after the language is switched in the settings
  const chat = page.url();
  await page.goto('/setting');
  await page.getByRole('main').getByRole('combobox').first().selectOption('zh-CN');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await page.goto(chat);
  await expect(answers(page).nth(1).getByRole('alert')).toContainText('本站的模型服务密钥被拒绝，需要站点运营者处理。');
  await page.screenshot({ path: `${screens}/model-key-refused-zh-CN.png` });
});
