import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { accessPassword, lockedBaseURL } from './support/servers';

test.use({ baseURL: lockedBaseURL });

test.describe('a site behind an access password', () => {
  test('blocks the layout with the 403 overlay until the right password is verified', async ({ page }) => {
    await page.goto('/home');
    const overlay = page.getByRole('dialog');
    await expect(overlay).toBeVisible();
    await expect(overlay.getByText('403')).toBeVisible();
    await expect(overlay.getByText('本站需要访问密码')).toBeVisible();
    // nothing behind the overlay says it failed to load: the pages wait for the password
    await expect(page.getByText(/加载失败|failed to load/i)).toHaveCount(0);
    await expect(page.getByRole('link', { name: '智能客服' })).toBeVisible();
    await expectNoSeriousViolations(page, 'access password overlay');

    const input = overlay.locator('input[type="password"]');
    const verify = overlay.getByRole('button');
    await expect(verify).toBeDisabled();
    await input.fill('   ');
    await expect(verify).toBeDisabled();

    await input.fill('not the password');
    await input.press('Enter');
    await expect(page.locator('.ant-message')).toContainText(/密码|password/i);
    await expect(input).toHaveValue('');
    expect(await page.evaluate(() => localStorage.getItem('ACCESS_TOKEN'))).toBeNull();

    await input.fill(accessPassword);
    await Promise.all([page.waitForEvent('load'), input.press('Enter')]);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('VISITOR_SECRET_TOKEN'))).toBeTruthy();
    await expect(page.getByRole('link', { name: '智能客服' })).toBeVisible();
  });

  test('Shift+Enter does not submit the password', async ({ page }) => {
    let verified = false;
    page.on('request', (req) => {
      if (req.url().endsWith('/verify')) verified = true;
    });
    await page.goto('/home');
    const input = page.getByRole('dialog').locator('input[type="password"]');
    await input.fill(accessPassword);
    await input.press('Shift+Enter');
    await page.waitForTimeout(300);
    expect(verified).toBe(false);
  });
});
