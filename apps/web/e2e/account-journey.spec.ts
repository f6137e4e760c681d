import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { settled } from './support/settled';
import { freshPhone, requestCode } from './support/sms-codes';
import { expectFitsWidth } from './support/fits-width';
import { journeyTimeout, machineFactor } from './support/machine';

const screens = 'test-results/screens';

test.use({ locale: 'en-US' });

const loggedIn = (page: Page) => page.evaluate(() => Boolean(localStorage.getItem('SECRET_TOKEN')?.replace(/"/g, '')));

/** Reloads; a logged-in page is ready once the account's saved settings have come back and been applied. */
async function reloadSettled(page: Page) {
  const loaded = (await loggedIn(page)) ? page.waitForResponse((response) => response.url().includes('/api/settings/get')) : null;
  await page.reload();
  await loaded;
  // and applied: nothing more in flight
  await page.waitForLoadState('networkidle');
}

/**
 * Picks the theme with the sidebar's switch, as a person does; a logged-in user's choice is saved
 * to the account (which the next page load reads back), so wait for that save.
 */
async function pickTheme(page: Page, theme: 'light' | 'dark') {
  const choice = page.getByRole('complementary', { name: 'Sidebar' }).getByRole('radio', { name: theme === 'dark' ? 'Dark' : 'Light' });
  if (await choice.isChecked()) return;
  const saved = (await loggedIn(page)) ? page.waitForResponse((response) => response.url().includes('/api/settings/save')) : null;
  // the radio itself is visually hidden under its icon
  await choice.check({ force: true });
  await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
  await saved;
}

/** Screens of one page: on a desktop in dark and light, and at 375 px (light). */
async function shootAllWays(page: Page, name: string, open: () => Promise<void>) {
  for (const [theme, width] of [['dark', 1280], ['light', 1280], ['light', 375]] as const) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
    await reloadSettled(page);
    if (width === 1280) await pickTheme(page, theme);
    await open();
    await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    if (width === 375) await expectFitsWidth(page, `${name} on a phone`);
    await page.screenshot({ path: `${screens}/${name}-${width === 375 ? 'mobile' : 'desktop'}-${theme}-en-US.png`, fullPage: width === 375 });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await reloadSettled(page);
}

test('a visitor chats, signs up by SMS, keeps the chat, sets a password, reads a message and deletes the account', async ({ page, browser }) => {
  journeyTimeout(300_000);
  const phone = freshPhone('139');
  const password = 'Harbour-42-walnut';
  const loginDialog = page.getByRole('dialog', { name: 'Log in / Sign up' });

  // A visitor asks a question and gets an answer.
  await page.goto('/home');
  const question = "How do I check a forex broker's licence?";
  await page.getByRole('button', { name: question }).click();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}\?chatId=[0-9a-f-]{36}$/);
  await expect(page.getByRole('button', { name: 'Stop Responding' })).toBeHidden({ timeout: 20_000 * machineFactor });
  const chatUrl = page.url();

  // The login dialog, looked at in both themes and at both widths before signing up.
  const sidebarLogin = page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Log in / Sign up' });
  await shootAllWays(page, 'login-dialog', async () => {
    // On a phone the sidebar is a drawer opened from the top bar.
    if (page.viewportSize()?.width === 375) await page.getByRole('button', { name: 'Open menu' }).click();
    await sidebarLogin.click();
    await expect(loginDialog).toBeVisible();
    // the dialog fades in; the screen should show it settled
    await settled(page);
  });

  // The visitor also gives the assistant a role in the settings.
  const role = 'Answer like a patient compliance officer.';
  await page.goto('/setting');
  await page.getByRole('main').getByRole('tab', { name: 'Advanced' }).click();
  await page.getByRole('main').getByLabel('Role (system message)').fill(role);
  await page.getByRole('main').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Save Success')).toBeVisible();
  await page.goto(chatUrl);

  // Signing up: phone, the code from the gateway, done. A wrong code first gets a clear answer.
  await expect(sidebarLogin).toBeVisible();
  if (!(await loginDialog.isVisible())) await sidebarLogin.click();
  await expect(loginDialog).toBeVisible();
  await settled(page);
  await expectNoSeriousViolations(page, 'login dialog');
  await loginDialog.getByRole('textbox', { name: 'Phone number' }).fill(phone);
  const code = await requestCode(loginDialog, phone, 'login');
  const wrong = code === '000000' ? '111111' : '000000';
  await loginDialog.getByRole('textbox', { name: 'Verification code' }).fill(wrong);
  await loginDialog.getByRole('button', { name: 'Log in / Sign up' }).click();
  await expect(loginDialog.getByText('This code is wrong. Check it and try again.')).toBeVisible();
  await loginDialog.getByRole('textbox', { name: 'Verification code' }).fill(code);
  await loginDialog.getByRole('button', { name: 'Log in / Sign up' }).click();
  await expect(loginDialog).toBeHidden();
  await expect(page.getByText(/Welcome to Parley, user_/)).toBeVisible();

  // The chat from before signing up is in the account's history.
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  const history = sidebar.getByRole('list', { name: 'Customer service chats' });
  await expect(history.getByRole('link', { name: new RegExp("forex broker's licence") })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: /^user_/ })).toBeVisible();

  // Sharing the chat; someone else opening the link makes a message for its owner.
  await page.goto(chatUrl);
  await page.getByRole('button', { name: 'Share' }).click();
  const shareDialog = page.getByRole('dialog', { name: 'Share this conversation' });
  await expect(shareDialog).toBeVisible();
  await settled(page);
  await shareDialog.getByRole('button', { name: 'Create link' }).click();
  const link = await shareDialog.getByRole('textbox', { name: 'Share link' }).inputValue();
  await page.keyboard.press('Escape');
  const stranger = await browser.newContext({ locale: 'en-US' });
  const shared = await stranger.newPage();
  await shared.goto(link);
  await expect(shared.getByRole('heading', { name: question })).toBeVisible();
  await stranger.close();

  // A new account has no password: set one with a code sent to its own phone.
  await sidebar.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/user\/profile$/);
  const username = await page.getByRole('textbox', { name: 'Username' }).inputValue();
  expect(username).toMatch(/^user_/);
  await expectNoSeriousViolations(page, 'profile');
  await expect(page.getByText(`+86 ${phone.slice(0, 3)}****${phone.slice(-4)}`)).toBeVisible();
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Account security' }).click();
  await expect(page.getByRole('heading', { name: 'Set a password' })).toBeVisible();
  await expectNoSeriousViolations(page, 'account security');
  const passwordCode = await requestCode(page.locator('body'), phone, 'update_password');
  await page.getByRole('textbox', { name: /Verification code/ }).fill(passwordCode);
  await page.getByLabel('New password').fill('short1');
  await expect(page.getByText('Use 8 to 64 characters with at least one letter and one number').first()).toBeVisible();
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('Password saved. Your other devices have been logged out.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();

  // On another device the new password signs in, and the role set as a visitor came along.
  const otherDevice = await browser.newContext({ locale: 'en-US' });
  const other = await otherDevice.newPage();
  await other.goto('/home');
  await other.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Log in / Sign up' }).click();
  const otherLogin = other.getByRole('dialog', { name: 'Log in / Sign up' });
  await otherLogin.getByRole('tab', { name: 'Password' }).click();
  await otherLogin.getByRole('textbox', { name: 'Phone number' }).fill(phone);
  await otherLogin.getByRole('textbox', { name: 'Password' }).fill(password);
  await otherLogin.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(otherLogin).toBeHidden();
  await other.goto('/setting');
  await other.getByRole('main').getByRole('tab', { name: 'Advanced' }).click();
  await expect(other.getByRole('main').getByLabel('Role (system message)')).toHaveValue(role);
  await otherDevice.close();

  // The new password works here too: log out, log back in with it.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await sidebarLogin.click();
  await loginDialog.getByRole('tab', { name: 'Password' }).click();
  await loginDialog.getByRole('textbox', { name: 'Phone number' }).fill(phone);
  await loginDialog.getByRole('textbox', { name: 'Password' }).fill(password);
  await loginDialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(loginDialog).toBeHidden();
  await expect(page.getByText(`Welcome back, ${username}.`)).toBeVisible();

  // The message about the opened share: a badge in the sidebar, then read on the messages page.
  const messagesButton = sidebar.getByRole('button', { name: /Messages \(\d+ unread\)/ });
  await expect(messagesButton).toBeVisible();
  await messagesButton.click();
  await expect(page).toHaveURL(/\/user\/message$/);
  const opened = page.getByRole('listitem', { name: /Your shared chat was opened/ });
  await expect(opened).toContainText("was opened for the first time");
  await expectNoSeriousViolations(page, 'messages');
  await shootAllWays(page, 'messages', () => expect(opened).toBeVisible());
  await shootAllWays(page, 'profile', async () => {
    await page.goto('/user/profile');
    await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue(username);
    // it says what it is for, apart from how one appears in chats (Settings)
    await expect(page.getByText(/^Your account: the avatar and username shown on the agents you publish/)).toBeVisible();
  });
  await page.goto('/user/message');
  // The button's name starts with what it shows and says which message it marks.
  const markRead = opened.getByRole('button', { name: 'Mark read: Your shared chat was opened' });
  await markRead.click();
  await expect(markRead).toHaveCount(0);
  await expect(page.getByText('All read', { exact: true })).toBeVisible();
  await expect(sidebar.getByRole('button', { name: 'Messages', exact: true })).toBeVisible();

  // Deleting the account: what goes is explained; a code and the typed username are needed.
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Delete account' }).click();
  await expect(page.getByText('the agents you created, with their knowledge files')).toBeVisible();
  await expectNoSeriousViolations(page, 'delete account');
  const deleteButton = page.getByRole('button', { name: 'Delete my account' });
  const deleteCode = await requestCode(page.locator('body'), phone, 'delete_account');
  await page.getByRole('textbox', { name: /Verification code/ }).fill(deleteCode);
  await page.getByRole('textbox', { name: `Type your username (${username}) to confirm` }).fill('someone-else');
  await expect(deleteButton).toBeDisabled();
  await page.getByRole('textbox', { name: `Type your username (${username}) to confirm` }).fill(username);
  await deleteButton.click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  await expect(sidebarLogin).toBeVisible();

  // Nothing is left to sign in to.
  await sidebarLogin.click();
  await loginDialog.getByRole('tab', { name: 'Password' }).click();
  await loginDialog.getByRole('textbox', { name: 'Phone number' }).fill(phone);
  await loginDialog.getByRole('textbox', { name: 'Password' }).fill(password);
  await loginDialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(loginDialog.getByText('The phone number or password is wrong.')).toBeVisible();
});
