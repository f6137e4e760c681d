// Sums the passed/failed/skipped counts Vitest and Playwright print into one closing line.
import { readFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

const text = stripVTControlCharacters(readFileSync(process.argv[2] ?? '.ci-test.log', 'utf8'));
const total = { passed: 0, failed: 0, skipped: 0 };

for (const line of text.split('\n')) {
  const vitest = line.match(/^\s*Tests\s+(.*)\(\d+\)\s*$/);
  if (vitest) {
    for (const [, n, kind] of vitest[1].matchAll(/(\d+) (passed|failed|skipped)/g)) total[kind] += Number(n);
    continue;
  }
  const playwright = line.match(/^\s*(\d+) (passed|failed|skipped|flaky)\b/);
  if (playwright) total[playwright[2] === 'flaky' ? 'passed' : playwright[2]] += Number(playwright[1]);
}

console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
