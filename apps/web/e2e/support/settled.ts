import type { Page } from '@playwright/test';

/**
 * Resolves once no finite animation is running on the page, such as a dialog zooming in from the
 * button that opened it. A click sent while the dialog still grows can land beside the control it
 * aimed at, and a screenshot would catch the dialog half-drawn.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
      .every((animation) => animation.playState !== 'running'),
  );
}
