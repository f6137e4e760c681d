import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { demoBaseURL, demoContact, demoLinks } from './support/servers';
import { machineFactor } from './support/machine';

const shots = process.env.SHOTS_DIR ?? 'test-results/screens';

test.use({ baseURL: demoBaseURL });

const rows = (page: Page) => page.getByTestId('ranking-row');
const rankingRequests = (page: Page) => {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('/rankings')) seen.push(`${url.searchParams.get('category')}/${url.searchParams.get('page')}`);
  });
  return seen;
};

test.describe('the demo home page and its right panel', () => {
  test('shows demo rankings; tabs and pages switch lists; a row links to the broker page', async ({ page }) => {
    const requests = rankingRequests(page);
    await page.goto('/home');
    const panel = page.getByRole('complementary', { name: /排行|Broker ranking/ });
    await expect(rows(page)).toHaveCount(10);
    await expect(rows(page).first()).toContainText('澜海环球');
    await expect(panel.getByText(/数据日期 \d{4}-\d{2}-\d{2} · 演示数据：虚构交易商/)).toBeVisible();
    await expect(panel.getByRole('link', { name: /演示广告/ })).toBeVisible();
    await expectNoSeriousViolations(page, 'home with the broker rankings');

    const first = rows(page).first().getByRole('link');
    await expect(first).toHaveAttribute('href', 'https://www.example.com/dealer/demo-lanhai');
    await expect(first).toHaveAttribute('target', '_blank');
    // a click opens the broker here: figures, placings and what is known of it; the main site is one click further
    await rows(page).first().click();
    const detail = page.getByRole('dialog', { name: '澜海环球' });
    await expect(detail.getByText('Lanhai Global Markets')).toBeVisible();
    await expect(detail.getByRole('region', { name: '排行' })).toContainText('第 1 名');
    await expect(detail.getByText('FCA, ASIC, CySEC, FSCA')).toBeVisible();
    await expect(detail.getByRole('link', { name: /在主站打开其详情页/ })).toHaveAttribute('href', 'https://www.example.com/dealer/demo-lanhai');
    await page.screenshot({ path: `${shots}/broker-detail-zh-CN.png` });
    await expectNoSeriousViolations(page, 'broker detail');
    await detail.getByRole('button', { name: 'Close' }).or(detail.getByRole('button', { name: '关闭' })).first().click();
    await expect(detail).toBeHidden();

    await panel.getByRole('button', { name: '第 2 页' }).click();
    await expect(rows(page).first()).toContainText('11');
    await panel.getByRole('tab', { name: '问题平台' }).click();
    await expect(rows(page).first()).toContainText('速盈汇');
    await expect(rows(page)).toHaveCount(7);
    await expect(panel.getByRole('tab', { name: '热门搜索' })).toBeVisible();
    await panel.getByRole('tab', { name: '全球排行' }).click();
    await expect(rows(page).first()).toContainText('澜海环球');
    // back on a list already seen, the cached page may show without a request
    expect(requests.slice(0, 3)).toEqual(['0/1', '0/2', '4/1']);
    await page.screenshot({ path: `${shots}/demo-home-light.png` });
  });

  test('searches 300 ms after typing stops, opens the site search, and warns on a blank search', async ({ page }) => {
    const searches: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('/dealer/search')) searches.push(url.searchParams.get('kw') ?? '');
    });
    // the main site is not reachable from the test machine: answer for it
    await page.context().route('https://www.example.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<p>main site</p>' }));
    await page.goto('/home');
    const box = page.getByRole('searchbox', { name: '搜索交易商' });
    await box.pressSequentially('澜海', { delay: 50 });
    const results = page.getByRole('region', { name: '匹配的交易商' });
    await expect(results.getByRole('link', { name: /澜海环球/ })).toHaveAttribute('href', 'https://www.example.com/dealer/demo-lanhai');
    expect(searches).toEqual(['澜海']);

    const popup = page.waitForEvent('popup');
    await box.press('Enter');
    expect((await popup).url()).toBe(`https://www.example.com/search?keyword=${encodeURIComponent('澜海')}`);

    await box.fill('   ');
    await box.press('Enter');
    await expect(page.getByText('搜索内容不能为空！')).toBeVisible();
  });

  test('the sidebar links open in new tabs and 联系我们 shows the QQ number and mail', async ({ page }) => {
    await page.goto('/home');
    const links = page.getByRole('navigation', { name: '相关链接' });
    await expect(links.getByRole('link', { name: '平台' })).toHaveAttribute('href', demoLinks.platform);
    await expect(links.getByRole('link', { name: '返回旧版' })).toHaveAttribute('target', '_blank');
    await page.getByRole('button', { name: '联系我们' }).hover();
    await expect(page.getByText(demoContact.qq)).toBeVisible();
    await expect(page.getByRole('link', { name: demoContact.mail })).toHaveAttribute('href', `mailto:${demoContact.mail}`);
    await expect(page.getByRole('link', { name: '下载 App' })).toHaveAttribute('href', demoLinks.download);
  });

  test('the official assistant answers a broker question from the broker data, citing it', async ({ page }) => {
    await page.goto('/home');
    const input = page.getByRole('textbox', { name: '您的问题' });
    await input.fill('澜海环球有哪些监管牌照？');
    await input.press('Enter');
    await expect(page.getByText('监管牌照：4 个（FCA、ASIC、CySEC、FSCA）')).toBeVisible({ timeout: 15_000 * machineFactor });
    await expect(page.getByText('本站经纪商数据').first()).toBeVisible();
    await page.screenshot({ path: `${shots}/demo-answer-light.png` });
  });

  test('in dark theme and on a phone', async ({ page }) => {
    await page.goto('/home');
    await expect(rows(page)).toHaveCount(10);
    const lightBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.getByRole('radio', { name: /深色|Dark/ }).check({ force: true });
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(lightBackground);
    await page.waitForTimeout(400); // let the colour transitions finish before the screenshot
    await page.screenshot({ path: `${shots}/demo-home-dark.png` });
    await expectNoSeriousViolations(page, 'home with the broker rankings, dark');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: /排行|Rankings/ }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByTestId('ranking-row')).toHaveCount(10);
    await page.screenshot({ path: `${shots}/demo-rankings-mobile-dark.png` });
  });

  test('the site pages show their text in the UI language, with a way back', async ({ page }) => {
    await page.goto('/usage');
    await expect(page.getByRole('heading', { level: 2, name: '使用 Parley' })).toBeVisible();
    await page.screenshot({ path: `${shots}/usage-light.png`, fullPage: true });
    await expectNoSeriousViolations(page, 'terms of use');
    await page.goto('/aboutUs');
    await expect(page.getByRole('heading', { level: 2, name: '一句话介绍 Parley' })).toBeVisible();
    await page.goto('/404');
    await expect(page.getByText('请检查地址，或返回首页')).toBeVisible();
    await expectNoSeriousViolations(page, '404');
    await page.screenshot({ path: `${shots}/not-found-light.png` });
  });
});
