import { expect, type Page } from '@playwright/test';

/**
 * Waits until the page does not scroll sideways: it fits the viewport's width. Measured as the
 * page settles, since components that watch their size (antd's grid, the chat's list) lay
 * themselves out for a new width a frame or a render after it changed, later on a busy machine.
 */
export async function expectFitsWidth(page: Page, what: string): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { message: `${what} scrolls sideways` })
    .toBeLessThanOrEqual(0);
}
