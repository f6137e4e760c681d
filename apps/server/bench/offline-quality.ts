// `npm run bench:offline`: how well the official assistant answers with no model service
// configured. Builds the real server in this process on an in-memory PGlite (migrated, the
// official FAQ and the demo content seeded, as a fresh install starts) and asks every question of
// the offline quality set (offline-quality-set.ts) through the real chat endpoint, one new chat
// each. An answer's first citation says which FAQ entry it answered from; no citation means it
// declined. Prints top-1 accuracy (answerable questions answered from a right entry in their own
// language), the wrong-answer rate (of all questions), the share of `none` questions declined,
// and every miss. Figures go to the console and bench-results/offline-quality.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { classifyAnswer, measureOfflineQuality, officialAsker, startOfflineServer } from './offline-quality-measure.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const target = { top1Accuracy: 0.85, wrongAnswerRate: 0.1, correctRefusalRate: 0.8 };

const say = (line: string) => process.stdout.write(`${line}\n`);
const load = () => loadavg().map((value) => value.toFixed(1)).join(' ');
const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

say(`offline quality bench: ${cpus().length} CPUs, load ${load()}`);
const app = await startOfflineServer();
try {
  const ask = await officialAsker(app);
  const started = performance.now();
  const report = await measureOfflineQuality(async (question) => classifyAnswer((await ask(question)).citations));
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  say(`  ${report.questions} questions (${report.answerable} answerable from the FAQ, ${report.declinable} to decline), asked in ${seconds} s`);
  say(`  top-1 accuracy        ${percent(report.top1Accuracy)}`);
  say(`  wrong answers         ${percent(report.wrongAnswerRate)} of all questions`);
  say(`  correct refusals      ${percent(report.correctRefusalRate)} of the questions to decline`);
  say(`  declined answerable   ${percent(report.missedAnswerRate)} of the answerable questions`);
  if (report.unknownEntries.length > 0) say(`  labels naming no FAQ entry: ${report.unknownEntries.join(', ')}`);
  if (report.misses.length > 0) {
    say('misses:');
    for (const miss of report.misses) {
      const expected = miss.expected === 'none' ? 'none' : miss.expected.join(' | ');
      say(`  ${miss.question}\n      expected ${expected}; got ${miss.got}`);
    }
  }
  const failures = [
    ...(report.top1Accuracy < target.top1Accuracy ? [`top-1 accuracy ${report.top1Accuracy} < ${target.top1Accuracy}`] : []),
    ...(report.wrongAnswerRate > target.wrongAnswerRate ? [`wrong answers ${report.wrongAnswerRate} > ${target.wrongAnswerRate}`] : []),
    ...(report.correctRefusalRate < target.correctRefusalRate ? [`correct refusals ${report.correctRefusalRate} < ${target.correctRefusalRate}`] : []),
  ];
  mkdirSync(`${root}bench-results`, { recursive: true });
  writeFileSync(
    `${root}bench-results/offline-quality.json`,
    `${JSON.stringify({ at: new Date().toISOString(), load: load(), target, report, failures }, null, 2)}\n`,
  );
  say(failures.length ? `MISSED: ${failures.join('; ')}` : 'all targets met');
} finally {
  await app.close();
}
