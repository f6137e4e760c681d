import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUpBySms } from './support/sign-up';
import { journeyTimeout, machineFactor } from './support/machine';

test.use({ locale: 'en-US' });

/** Asks the official assistant in the open chat and waits for the whole answer. */
async function ask(page: Page, question: string) {
  const input = page.getByRole('textbox', { name: 'Your question' });
  await expect(input).toBeEditable();
  await input.fill(question);
  await input.press('Enter');
  // The question joins the chat at once (first match: the offline answer quotes the FAQ question
  // it found). A short offline answer can end before a check would see Stop Responding, so wait
  // for the answer after the question to be there and finished instead.
  await expect(page.getByRole('article').filter({ hasText: question }).first()).toBeVisible();
  await expect(input).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Stop Responding' })).toBeHidden({ timeout: 20_000 * machineFactor });
  const answer = page.getByRole('article', { name: 'Customer service' }).last();
  await expect(answer).toContainText(/\w{4,} \w{4,}/);
  await expect(answer.getByRole('status')).toHaveCount(0);
}

/** The signed-in user's customer-service chats in the sidebar. */
function historyList(page: Page) {
  return page.getByRole('list', { name: 'Customer service chats' });
}

/** Signs a new account up by SMS from the sidebar. */
async function signUp(page: Page, prefix: string) {
  await page.getByRole('button', { name: 'Log in / Sign up' }).first().click();
  await signUpBySms(page, prefix);
}

/** Presses Tab (Shift+Tab going back) until the target has the focus, as someone on a keyboard moves. */
async function tabTo(page: Page, target: Locator, { back = false } = {}) {
  for (let presses = 0; presses < 60; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

/** Picks an action from a history entry's menu, and waits for the menu to have closed. */
async function chooseFromMenu(page: Page, title: string, action: 'Pin' | 'Rename' | 'Delete') {
  await historyList(page).getByRole('button', { name: `More actions for ${title}` }).click();
  const menu = page.getByRole('menu');
  await menu.getByRole('menuitem', { name: action }).click();
  await expect(menu).toBeHidden();
}

test('a signed-in user pins, renames and deletes chats in the sidebar, and finds them so after a reload', async ({ page }) => {
  journeyTimeout(90_000);
  await page.goto('/home');

  await signUp(page, '136');

  // Two chats: the second one is the newest, so it is listed first.
  await ask(page, 'How do I check a forex broker licence?');
  await expect(historyList(page).getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'New chat' }).click();
  await expect(page.getByRole('article').filter({ hasText: 'How do I check a forex broker licence?' })).toHaveCount(0);
  await ask(page, 'How can I spot a problem platform?');
  const entries = historyList(page).getByRole('link');
  await expect(entries).toHaveCount(2);
  const [newest, older] = await entries.allTextContents();
  expect(newest).toContain('problem platform');
  expect(older).toContain('licence');

  // Pinning the older chat puts it on top, marked as pinned.
  await chooseFromMenu(page, older!, 'Pin');
  await expect(entries.first()).toContainText('licence');
  await expect(entries.first()).toContainText('Pinned');

  // Renaming the other one: Enter saves the new title.
  await chooseFromMenu(page, newest!, 'Rename');
  const titleField = historyList(page).getByRole('textbox', { name: 'Chat title' });
  await titleField.fill('Platform red flags');
  await titleField.press('Enter');
  await expect(entries.nth(1)).toHaveText('Platform red flags');

  // All of it is kept on the server for the account.
  await page.reload();
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText('licence');
  await expect(entries.first()).toContainText('Pinned');
  await expect(entries.nth(1)).toHaveText('Platform red flags');

  // On a phone the sidebar is a drawer opened from the top bar; choosing a chat closes it.
  await page.setViewportSize({ width: 375, height: 740 });
  const bar = page.getByRole('banner');
  const menu = bar.getByRole('button', { name: 'Open menu' });
  await menu.click();
  const drawer = page.getByRole('dialog', { name: 'Sidebar' });
  await drawer.getByRole('list', { name: 'Customer service chats' }).getByRole('link', { name: /licence/ }).click();
  await expect(drawer).toBeHidden();
  await expect(bar.getByRole('heading', { level: 1 })).toContainText('licence');
  await expect(page.getByRole('article').filter({ hasText: 'How do I check a forex broker licence?' }).first()).toBeVisible();
  // The rankings open from the bar too, and nothing floats over the chat any more.
  await bar.getByRole('button', { name: 'Rankings' }).click();
  const rankings = page.getByRole('dialog', { name: 'Broker ranking and promotions' });
  await expect(rankings).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(rankings).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 800 });

  // Deleting asks first; the chat then leaves the list for good.
  await chooseFromMenu(page, 'Platform red flags', 'Delete');
  await page.getByRole('button', { name: 'Delete', exact: true }).last().click();
  await expect(page.getByText('Delete Success')).toBeVisible();
  await expect(entries).toHaveCount(1);
  await page.reload();
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText('licence');
});

test('the keyboard alone asks, stops, copies, regenerates, opens a chat from the history and switches chats', async ({ page, context }) => {
  journeyTimeout(90_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/home');
  await signUp(page, '135');
  await ask(page, 'How do I check a forex broker licence?');
  const firstChat = page.url();
  await page.getByRole('button', { name: 'New chat' }).click();
  await expect(page).toHaveURL(/\/home$/);

  // From here on, keys only.
  const input = page.getByRole('textbox', { name: 'Your question' });
  const stop = page.getByRole('button', { name: 'Stop Responding' });
  await tabTo(page, input);
  await page.keyboard.type('How can I spot a problem platform?');
  await page.keyboard.press('Enter');
  await expect(stop).toBeVisible();
  await expect(page).toHaveURL(/chatId=/);
  const secondChat = page.url();
  // the new chat moved to its own address and the keyboard stayed in the box
  await expect(input).toBeFocused();

  // Stop sits just before the box; once stopped, the focus is in the box.
  await tabTo(page, stop, { back: true });
  await page.keyboard.press('Enter');
  const answer = page.getByRole('article', { name: 'Customer service' }).last();
  await expect(answer).toContainText('Stopped');
  await expect(input).toBeFocused();

  // Copy and Regenerate under the answer; while it is written again the focus waits on Stop, then returns to the box.
  await tabTo(page, answer.getByRole('button', { name: 'Copy' }), { back: true });
  await page.keyboard.press('Enter');
  await expect(page.getByText('Copied', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\w{4,} \w{4,}/);
  await tabTo(page, answer.getByRole('button', { name: 'Regenerate' }));
  await page.keyboard.press('Enter');
  await expect(stop).toBeFocused();
  await expect(stop).toBeHidden({ timeout: 20_000 * machineFactor });
  await expect(input).toBeFocused();
  await expect(page.getByRole('article', { name: 'Customer service' }).last()).not.toContainText('Stopped');

  // The history in the sidebar opens the first chat, then switches back to the second.
  const history = page.getByRole('list', { name: 'Customer service chats' });
  await tabTo(page, history.getByRole('link', { name: /licence/ }), { back: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(firstChat);
  await expect(page.getByRole('article').filter({ hasText: 'How do I check a forex broker licence?' }).first()).toBeVisible();
  await tabTo(page, history.getByRole('link', { name: /problem platform/ }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(secondChat);
  await expect(page.getByRole('article').filter({ hasText: 'How can I spot a problem platform?' }).first()).toBeVisible();
});
