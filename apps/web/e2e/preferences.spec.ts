import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { settled } from './support/settled';

const navLabelByLanguage = {
  'en-US': 'Customer service',
  'es-ES': 'Atención al cliente',
  'ko-KR': '고객 상담',
  'vi-VN': 'Chăm sóc khách hàng',
  'ru-RU': 'Служба поддержки',
  'zh-TW': '智能客服',
  'zh-CN': '智能客服',
} as const;

/**
 * Tabs from the language picker to the first site page link under it, as a keyboard user would:
 * the plain link shows a focus ring (antd's reset takes it off links).
 */
async function expectFocusRingOnPlainLink(page: Page) {
  const sidebar = page.getByRole('complementary', { name: /侧边栏|Sidebar/ });
  await sidebar.getByRole('combobox').focus();
  await page.keyboard.press('Tab');
  const link = sidebar.getByRole('navigation', { name: /网站信息|Site information/ }).getByRole('link').first();
  await expect(link).toBeFocused();
  const ring = await link.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth), color: style.outlineColor };
  });
  expect(ring.style).not.toBe('none');
  expect(ring.width).toBeGreaterThanOrEqual(2);
  expect(ring.color).not.toMatch(/^(transparent|rgba\(\d+, \d+, \d+, 0\))$/);
}

test.describe('preferences', () => {
  test('switching to dark marks the document and darkens the page, and the choice survives a reload', async ({ page }) => {
    await page.goto('/home');
    const html = page.locator('html');
    await expect(html).not.toHaveClass(/\bdark\b/);
    const lightBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);

    await page.getByRole('radio', { name: /深色|Dark/ }).check({ force: true });
    await expect(html).toHaveClass(/\bdark\b/);
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(lightBackground);
    await page.screenshot({ path: 'test-results/screens/home-dark.png' });
    // colours ease into the theme: measured once they have arrived
    await settled(page);
    await expectNoSeriousViolations(page, 'home, dark');
    await expectFocusRingOnPlainLink(page);

    await page.reload();
    await expect(html).toHaveClass(/\bdark\b/);
    await page.getByRole('radio', { name: /浅色|Light/ }).check({ force: true });
    await expect(html).not.toHaveClass(/\bdark\b/);
    await page.screenshot({ path: 'test-results/screens/home-light.png' });
    await expectFocusRingOnPlainLink(page);
  });

  test('auto follows the system colour scheme as it changes', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/home');
    await page.getByRole('radio', { name: /跟随系统|Follow system/ }).check({ force: true });
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  });

  test('each of the seven languages changes the page and the document language', async ({ page }) => {
    await page.goto('/home');
    const select = page.getByRole('complementary').getByRole('combobox');
    for (const [language, navLabel] of Object.entries(navLabelByLanguage)) {
      await select.selectOption(language);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      // the main navigation comes first; the site pages' links follow in the sidebar footer
      await expect(page.getByRole('navigation').first().getByRole('link').first()).toHaveText(navLabel);
    }
    await select.selectOption('en-US');
    await page.reload();
    await expect(page.getByRole('link', { name: 'Customer service' })).toBeVisible();
  });

  test('a phone-sized screen has a top bar whose menu opens the sidebar as a drawer', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto('/home');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('complementary', { name: /侧边栏|Sidebar/ })).toHaveCount(0);
    // nothing sits over the page's left edge
    await expect(page.getByRole('button', { name: /展开|Expand/ })).toHaveCount(0);
    await page.screenshot({ path: 'test-results/screens/home-mobile.png' });

    const menu = page.getByRole('button', { name: /打开菜单|Open menu/ });
    await menu.click();
    const drawer = page.getByRole('dialog', { name: /侧边栏|Sidebar/ });
    await expect(drawer.getByRole('link', { name: '智能体' })).toBeVisible();
    await expect(drawer.getByRole('radio', { name: /深色|Dark/ })).toBeAttached();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();
    await context.close();
  });

  test('a desktop sidebar is open at 250 px and collapses to 20 px', async ({ page }) => {
    await page.goto('/home');
    const sidebar = page.getByRole('complementary', { name: /侧边栏|Sidebar/ });
    expect((await sidebar.boundingBox())?.width).toBe(250);
    await page.getByRole('button', { name: /收起|Collapse/ }).click();
    await expect(sidebar).toHaveAttribute('data-collapsed', 'true');
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(20);
  });
});
