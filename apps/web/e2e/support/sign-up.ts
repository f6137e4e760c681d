import { expect, type Page } from '@playwright/test';
import { freshPhone, requestCode } from './sms-codes';

/**
 * Signs up through the page's own login dialog (already open): a new phone number, the code the
 * fake SMS gateway received, and the account it makes. Returns the account's username and phone.
 */
export async function signUpBySms(page: Page, prefix = '137'): Promise<{ username: string; phone: string }> {
  const loginDialog = page.getByRole('dialog', { name: 'Log in / Sign up' });
  await expect(loginDialog).toBeVisible();
  const phone = freshPhone(prefix);
  await loginDialog.getByRole('textbox', { name: 'Phone number' }).fill(phone);
  const code = await requestCode(loginDialog, phone, 'login');
  await loginDialog.getByRole('textbox', { name: 'Verification code' }).fill(code);
  await loginDialog.getByRole('button', { name: 'Log in / Sign up' }).click();
  await expect(loginDialog).toBeHidden();
  const welcome = page.getByText(/Welcome to Parley, user_\w+!/);
  await expect(welcome).toBeVisible();
  return { username: /Welcome to Parley, (user_\w+)!/.exec((await welcome.textContent()) ?? '')![1]!, phone };
}
