import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Frame, type Page } from '@playwright/test';

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

/**
 * The same check inside one frame, run by axe-core evaluated in it: for a frame the page's own
 * axe run cannot reach (the chat widget's panel sits in a closed shadow root of its host page).
 */
export async function expectNoSeriousViolationsInFrame(frame: Frame, label: string): Promise<void> {
  await test.step(`axe: ${label}`, async () => {
    await frame.evaluate(readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));
    const violations = await frame.evaluate(
      async (tags) => {
        const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
        return (await axe.run(document, { runOnly: { type: 'tag', values: tags } })).violations;
      },
      wcagTags,
    );
    const found = violations
      .filter((violation) => blocking.has(violation.impact ?? ''))
      .map((violation) => `[${violation.impact}] ${violation.id}: ${violation.help}\n${violation.nodes.map((node) => `    ${node.target.join(' ')}`).join('\n')}`);
    expect.soft(found, `accessibility of ${label}`).toEqual([]);
  });
}
