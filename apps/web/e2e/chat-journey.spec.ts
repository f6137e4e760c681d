import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { settled } from './support/settled';
import { expectFitsWidth } from './support/fits-width';
import { journeyTimeout, machineFactor } from './support/machine';

const screens = 'test-results/screens';

test.use({ locale: 'en-US' });

/** The messages of the conversation, opening message first. */
function assistantMessages(page: Page) {
  return page.getByRole('article', { name: 'Customer service' });
}

test.describe('a visitor chatting with the official assistant', () => {
  test('asks, watches the answer stream, stops one, regenerates, rates it and shares the chat', async ({ page, browser }) => {
    // the longest journey: two streamed answers, a stop, a reload and a second browser
    journeyTimeout(60_000);
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.goto('/home');

    // The offline responder answers the seeded FAQ: a suggested question gets a real answer.
    const suggested = page.getByRole('button', { name: "How do I check a forex broker's licence?" });
    await expect(suggested).toBeVisible();
    await expectNoSeriousViolations(page, 'home');
    await suggested.click();

    const stop = page.getByRole('button', { name: 'Stop Responding' });
    await expect(stop).toBeVisible();
    await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}\?chatId=[0-9a-f-]{36}$/);
    await expect(stop).toBeHidden({ timeout: 20_000 * machineFactor });
    const firstAnswer = assistantMessages(page).nth(1);
    await expect(firstAnswer).toContainText(/licen[cs]e/i);
    await expect(firstAnswer.getByRole('region', { name: 'Sources' })).toBeVisible();
    await page.screenshot({ path: `${screens}/chat-answered-en-US.png` });
    await expectNoSeriousViolations(page, 'chat with an answer');

    // A second question, stopped while it streams: what was written stays, marked stopped.
    const input = page.getByRole('textbox', { name: 'Your question' });
    await input.fill('How can I spot a problem platform?');
    await input.press('Enter');
    await expect(stop).toBeVisible();
    const secondAnswer = assistantMessages(page).nth(2);
    await expect(secondAnswer).toContainText(/\w{4,}/);
    await stop.click();
    await expect(secondAnswer).toContainText('Stopped');
    await expect(input).toBeEnabled();

    // Regenerating replaces the stopped answer with a whole one.
    await secondAnswer.getByRole('button', { name: 'Regenerate' }).click();
    await expect(stop).toBeVisible();
    await expect(stop).toBeHidden({ timeout: 20_000 * machineFactor });
    await expect(assistantMessages(page)).toHaveCount(3);
    await expect(assistantMessages(page).nth(2)).not.toContainText('Stopped');
    await expect(assistantMessages(page).nth(2)).toContainText(/platform/i);

    // Feedback is saved on the server: it survives a reload, and clicking again turns it off.
    const good = () => assistantMessages(page).nth(2).getByRole('button', { name: 'Good answer' });
    await good().click();
    await expect(good()).toHaveAttribute('aria-pressed', 'true');
    // reloaded in the dark theme, which the chat must read as well in
    await page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('appSetting') ?? '{}') as Record<string, unknown>;
      localStorage.setItem('appSetting', JSON.stringify({ ...stored, theme: 'dark' }));
    });
    await page.reload();
    await expect(good()).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expectNoSeriousViolations(page, 'chat with an answer, dark');
    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('radio', { name: 'Light' }).check({ force: true });

    // Sharing freezes the chat; the link opens read-only for anyone, in a fresh browser.
    await page.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share this conversation' });
    await expect(dialog).toBeVisible();
    await settled(page);
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const link = await dialog.getByRole('textbox', { name: 'Share link' }).inputValue();
    expect(link).toMatch(/\/shareChat\/[\w-]{22}$/);
    await page.screenshot({ path: `${screens}/chat-share-dialog-en-US.png` });

    // On a slow connection the markdown renderer arrives late: the page never shows raw markdown meanwhile.
    const stranger = await browser.newContext({ locale: 'en-US' });
    await stranger.route(/\/assets\/markdown-renderer-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    const shared = await stranger.newPage();
    await shared.addInitScript(() => {
      const seen = window as unknown as { rawMarkdownSeen?: boolean };
      // markdown shown as plain text: the fallback drawn while the renderer is missing
      const markdownSyntax = /[*_`#>|~[\]$\\<]|https?:\/\/|^\s*([-+]|\d+[.)])\s/m;
      new MutationObserver(() => {
        for (const plain of document.querySelectorAll('.markdown-plain')) if (markdownSyntax.test(plain.textContent ?? '')) seen.rawMarkdownSeen = true;
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await shared.goto(link);
    await expect(shared.getByRole('textbox', { name: 'Your question' })).toHaveCount(0);
    await expect(shared.getByRole('heading', { name: "How do I check a forex broker's licence?" })).toBeVisible();
    await expect(assistantMessages(shared).first().getByRole('list').first()).toBeVisible();
    expect(await shared.evaluate(() => (window as unknown as { rawMarkdownSeen?: boolean }).rawMarkdownSeen ?? false)).toBe(false);
    await shared.screenshot({ path: `${screens}/shared-chat-en-US.png` });
    await expectNoSeriousViolations(shared, 'shared chat');
    // the list is virtualised: the later question renders once scrolled to
    await shared.mouse.wheel(0, 20_000);
    await expect(shared.getByText('How can I spot a problem platform?', { exact: true })).toBeVisible();
    await shared.getByRole('link', { name: 'Start your own chat with Customer service' }).click();
    await expect(shared).toHaveURL(/\/(home|chat\/[0-9a-f-]{36})$/);
    await expect(shared.getByRole('textbox', { name: 'Your question' })).toBeVisible();
    await stranger.close();

    expect(consoleErrors).toEqual([]);
  });

  test('New chat starts afresh at once, even on a slow device: the next question opens a new chat', async ({ page, context }) => {
    journeyTimeout(60_000);
    const questions: { content: string; chatId?: string }[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/core/chat/completions')) questions.push(request.postDataJSON() as { content: string; chatId?: string });
    });
    await page.goto('/home');
    // A slow device: rendering the new screen takes long enough to type into the old one meanwhile.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
    const input = page.getByRole('textbox', { name: 'Your question' });
    const stop = page.getByRole('button', { name: 'Stop Responding' });
    await input.fill('What is a pip?');
    await input.press('Enter');
    await expect(stop).toBeVisible();
    await expect(stop).toBeHidden({ timeout: 30_000 * machineFactor });
    const firstChat = new URL(page.url()).searchParams.get('chatId');
    expect(firstChat).toBeTruthy();

    await page.getByRole('button', { name: 'New chat' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await input.fill('What is leverage?');
    await input.press('Enter');
    await expect(page.getByRole('article', { name: 'You' })).toHaveText(/What is leverage\?/);
    await expect(page.getByText('What is a pip?', { exact: true })).toHaveCount(0);
    await expect(page).toHaveURL(/chatId=/);
    expect(new URL(page.url()).searchParams.get('chatId')).not.toBe(firstChat);
    expect(questions.map(({ content, chatId }) => ({ content, chatId }))).toEqual([
      { content: 'What is a pip?', chatId: undefined },
      { content: 'What is leverage?', chatId: undefined },
    ]);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  });

  test('works on a phone: the list, the input and the actions fit 375 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/home');
    const input = page.getByRole('textbox', { name: 'Your question' });
    // The box grows with a long question, up to 8 lines, then scrolls; emptied, it is one line again.
    const oneLine = (await input.boundingBox())!.height;
    await input.fill(['a question', 'on three', 'lines'].join('\n'));
    const threeLines = (await input.boundingBox())!.height;
    expect(threeLines).toBeGreaterThan(oneLine * 2);
    await input.fill(Array.from({ length: 14 }, (_, line) => `line ${line + 1}`).join('\n'));
    const tall = (await input.boundingBox())!.height;
    expect(tall).toBeLessThan(oneLine * 8);
    expect(await input.evaluate((box) => box.scrollHeight > box.clientHeight)).toBe(true);
    await input.fill('');
    expect((await input.boundingBox())!.height).toBe(oneLine);
    await input.fill('What are the risks of leveraged forex trading?');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('button', { name: 'Stop Responding' })).toBeHidden({ timeout: 20_000 * machineFactor });
    const answer = assistantMessages(page).nth(1);
    await expect(answer.getByRole('button', { name: 'Copy' })).toBeVisible();
    await expectFitsWidth(page, 'the chat on a phone');
    await page.screenshot({ path: `${screens}/chat-mobile-en-US.png` });

    // Deleting one message asks first, beside its button and on screen, then takes it away.
    await answer.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('tooltip').filter({ hasText: 'Delete this message?' });
    await expect(confirm).toBeInViewport();
    await page.screenshot({ path: `${screens}/chat-delete-message-mobile-en-US.png` });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(assistantMessages(page)).toHaveCount(1);
    await page.reload();
    await expect(page.getByRole('article', { name: 'You' })).toContainText('What are the risks of leveraged forex trading?');
    await expect(assistantMessages(page)).toHaveCount(1);
  });
});
