import { expect, test } from '@playwright/test';

test.describe('a new visitor', () => {
  test('lands on /home from the root and is given a visitor token bound to a 24-digit device id', async ({ page }) => {
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    const tokenResponse = page.waitForResponse((res) => res.url().endsWith('/api/visitor/getToken'));
    await page.goto('/');

    await expect(page).toHaveURL(/\/home$/);
    const body = await (await tokenResponse).json();
    expect(body.code).toBe(0);
    expect(body.data.visitorToken).toMatch(/^[\w-]{40,}$/);

    await expect.poll(() => page.evaluate(() => localStorage.getItem('VISITOR_SECRET_TOKEN'))).toContain(body.data.visitorToken);
    const deviceId = await page.evaluate(() => localStorage.getItem('DEVICE_ID'));
    expect(deviceId).toMatch(/^"?\d{24}"?$/);

    await expect(page.getByRole('navigation', { name: '主导航' })).toBeVisible();
    await expect(page.getByRole('link', { name: '智能客服' })).toHaveAttribute('aria-current', 'page');
    expect(consoleErrors).toEqual([]);
  });

  test("sees the site's frame in their theme before the app's code has run, then the app in its place", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('appSetting', JSON.stringify({ theme: 'dark' })));
    // the app's code held back: what shows is index.html's static shell alone
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // the app's entry chunk (vite.config.ts names the app's input `main`; `widget` is the other)
    await page.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/home', { waitUntil: 'commit' });
    const shell = page.locator('.boot-shell');
    await expect(shell.locator('.boot-shell__sider')).toBeVisible();
    await expect(shell.getByText('Parley').first()).toBeVisible();
    // dark from the first paint: no white page before the app
    expect(await shell.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(20, 20, 20)');
    release();
    await expect(page.getByRole('link', { name: '智能客服' })).toBeVisible();
    await expect(shell).toHaveCount(0);
  });

  test('keeps the same visitor token across reloads', async ({ page }) => {
    await page.goto('/home');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('VISITOR_SECRET_TOKEN'))).toBeTruthy();
    const first = await page.evaluate(() => localStorage.getItem('VISITOR_SECRET_TOKEN'));

    let asked = false;
    page.on('request', (req) => {
      if (req.url().endsWith('/api/visitor/getToken')) asked = true;
    });
    await page.reload();
    await expect(page.getByRole('link', { name: '智能客服' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('VISITOR_SECRET_TOKEN'))).toBe(first);
    expect(asked).toBe(false);
  });

  test('opens a deep link to a chat straight into the app', async ({ page }) => {
    await page.goto('/chat/abc?chatId=1');
    await expect(page).toHaveURL(/\/chat\/abc\?chatId=1$/);
    await expect(page.getByRole('main')).toBeVisible();
    // Whose chat /chat/abc is stays unknown (no such app): neither sidebar entry claims it.
    await expect(page.getByRole('link', { name: '智能客服', exact: true })).not.toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('link', { name: '智能体', exact: true })).not.toHaveAttribute('aria-current', 'page');
  });

  test('is sent to the 404 page from an unknown path and can go back home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByText('404').first()).toBeVisible();
    await page.getByRole('link', { name: /首页|返回/ }).or(page.getByRole('button', { name: /首页|返回/ })).first().click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('is sent from /unsupport back home, since no region check turned them away', async ({ page }) => {
    await page.goto('/unsupport');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('moves between the sidebar entries and lands at the top of each screen', async ({ page }) => {
    await page.goto('/home');
    await page.getByRole('link', { name: '智能体', exact: true }).click();
    await expect(page).toHaveURL(/\/discover$/);
    await expect(page.getByRole('link', { name: '智能体', exact: true })).toHaveAttribute('aria-current', 'page');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('a visitor on a phone', () => {
  test.use({ serviceWorkers: 'allow', locale: 'en-US' });

  test('can install Parley, and offline gets a page that says so', async ({ page, context, request }) => {
    await page.goto('/home');
    // the manifest the browser installs from, with icons for a home screen
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = await (await request.get(manifestHref!)).json();
    expect(manifest).toMatchObject({ name: 'Parley', start_url: '/home', display: 'standalone' });
    for (const icon of manifest.icons as { src: string; type: string }[]) expect((await request.get(icon.src)).headers()['content-type']).toBe(icon.type);
    expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));

    // the worker takes over, keeping the offline page; then the connection goes
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    await expect(page.getByText('Parley needs a connection to answer.')).toBeVisible();
    await context.setOffline(false);
    await page.getByRole('link', { name: 'Try again' }).click();
    await expect(page.getByRole('textbox', { name: 'Your question' })).toBeVisible();
  });
});
