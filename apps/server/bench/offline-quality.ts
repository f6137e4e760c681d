// `npm run bench:offline`: how well the official assistant answers with no model service
// configured. Builds the real server in this process on an in-memory PGlite (migrated, the
// official FAQ and the demo content seeded, as a fresh install starts) and asks every question of
// the offline quality set (offline-quality-set.ts) through the real chat endpoint, one new chat
// each. An answer's first citation says which FAQ entry it answered from; no citation means it
// declined. Prints top-1 accuracy (answerable questions answered from a right entry in their own
// language), the wrong-answer rate (of all questions), the share of `none` questions declined,
// and every miss, for the quality set and for the held-out set (questions never used to tune).
// Then sweeps the offline responder's thresholds (offlineThresholds) over the quality set, on the
// knowledge the chat hands it, which is how they were chosen. Figures go to the console and
// bench-results/offline-quality.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { offlineThresholds } from '../src/llm/offline-responder.js';
import {
  classifyAnswer,
  measureOfflineQuality,
  officialAsker,
  officialKnowledge,
  startOfflineServer,
  type OfflineQualityReport,
} from './offline-quality-measure.js';
import { offlineHoldoutQuestions, offlineQualityQuestions } from './offline-quality-set.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const target = { top1Accuracy: 0.85, wrongAnswerRate: 0.1, correctRefusalRate: 0.8 };

const say = (line: string) => process.stdout.write(`${line}\n`);
const load = () => loadavg().map((value) => value.toFixed(1)).join(' ');
const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

say(`offline quality bench: ${cpus().length} CPUs, load ${load()}`);
const app = await startOfflineServer();
try {
  const ask = await officialAsker(app);
  const classified = async (question: string) => classifyAnswer((await ask(question)).citations);
  const started = performance.now();
  const report = await measureOfflineQuality(classified, offlineQualityQuestions);
  const holdout = await measureOfflineQuality(classified, offlineHoldoutQuestions);
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  say(`asked ${report.questions + holdout.questions} questions in ${seconds} s`);
  const show = (name: string, figures: OfflineQualityReport) => {
    say(`${name}: ${figures.questions} questions (${figures.answerable} answerable from the FAQ, ${figures.declinable} to decline)`);
    say(`  top-1 accuracy        ${percent(figures.top1Accuracy)}`);
    say(`  wrong answers         ${percent(figures.wrongAnswerRate)} of all questions`);
    say(`  correct refusals      ${percent(figures.correctRefusalRate)} of the questions to decline`);
    say(`  declined answerable   ${percent(figures.missedAnswerRate)} of the answerable questions`);
    if (figures.unknownEntries.length > 0) say(`  labels naming no FAQ entry: ${figures.unknownEntries.join(', ')}`);
    if (figures.misses.length > 0) {
      say('  misses:');
      for (const miss of figures.misses) {
        const expected = miss.expected === 'none' ? 'none' : miss.expected.join(' | ');
        say(`    ${miss.question}\n        expected ${expected}; got ${miss.got}`);
      }
    }
  };
  show('quality set', report);
  show('held-out set (not used for tuning)', holdout);

  // the responder's thresholds against the quality set (never the held-out one): what chose them
  const under = await officialKnowledge(app, offlineQualityQuestions);
  const sweep = [];
  say(`threshold sweep on the quality set (in use: Q&A title ${offlineThresholds.qaTitle}, Q&A quote ${offlineThresholds.qaQuote}):`);
  say('  title  quote   top-1   wrong  refused');
  for (const qaTitle of [0.15, 0.2, 0.25, 0.3, 0.34, 0.4, 0.5, 0.6, 0.75, 1]) {
    for (const qaQuote of [0.5, 0.6, 0.65, 0.7, 0.75, 0.8, 0.9, 1, 1.01]) {
      const figures = await measureOfflineQuality(under({ qaTitle, qaQuote }), offlineQualityQuestions);
      sweep.push({ qaTitle, qaQuote, top1Accuracy: figures.top1Accuracy, wrongAnswerRate: figures.wrongAnswerRate, correctRefusalRate: figures.correctRefusalRate });
      const inUse = qaTitle === offlineThresholds.qaTitle && qaQuote === offlineThresholds.qaQuote ? '  <- in use' : '';
      say(`  ${qaTitle.toFixed(2)}   ${qaQuote.toFixed(2)}  ${percent(figures.top1Accuracy).padStart(6)}  ${percent(figures.wrongAnswerRate).padStart(6)}  ${percent(figures.correctRefusalRate).padStart(6)}${inUse}`);
    }
  }
  say('  (title: a Q&A entry answers from this share of the question\'s words in its question and other wordings;')
  say('   quote: an entry that does not answer is quoted from this share anywhere in it, 1.01 never)');
  const failures = [
    ...(report.top1Accuracy < target.top1Accuracy ? [`top-1 accuracy ${report.top1Accuracy} < ${target.top1Accuracy}`] : []),
    ...(report.wrongAnswerRate > target.wrongAnswerRate ? [`wrong answers ${report.wrongAnswerRate} > ${target.wrongAnswerRate}`] : []),
    ...(report.correctRefusalRate < target.correctRefusalRate ? [`correct refusals ${report.correctRefusalRate} < ${target.correctRefusalRate}`] : []),
  ];
  mkdirSync(`${root}bench-results`, { recursive: true });
  writeFileSync(
    `${root}bench-results/offline-quality.json`,
    `${JSON.stringify({ at: new Date().toISOString(), load: load(), target, thresholds: offlineThresholds, report, holdout, sweep, failures }, null, 2)}\n`,
  );
  say(failures.length ? `MISSED: ${failures.join('; ')}` : 'all targets met');
} finally {
  await app.close();
}
