import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/** WCAG 2.1 A and AA: the level the app is held to. */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const blocking = new Set(['critical', 'serious']);

/**
 * Runs axe on what the page shows now and fails (softly: the journey goes on and reports every
 * screen) on each critical or serious WCAG A/AA violation, naming the rule, its help and the nodes.
 */
export async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  await test.step(`axe: ${label}`, async () => {
    const results = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
    const found = results.violations
      .filter((violation) => blocking.has(violation.impact ?? ''))
      .map((violation) => {
        const nodes = violation.nodes.map((node) => `    ${node.target.join(' ')}${node.failureSummary ? `\n      ${node.failureSummary.replace(/\n\s*/g, ' ')}` : ''}`);
        return `[${violation.impact}] ${violation.id}: ${violation.help}\n${nodes.join('\n')}`;
      });
    expect.soft(found, `accessibility of ${label}`).toEqual([]);
  });
}
