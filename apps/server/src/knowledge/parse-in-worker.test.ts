import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { docxBomb } from '../../test/fixtures/docx-bomb.js';
import { docxWithHeadings, pdfWithPages } from '../../test/fixtures/knowledge-files.js';
import { pdfBomb } from '../../test/fixtures/pdf-bomb.js';
import { parseKnowledgeFile } from './parse.js';
import { KnowledgeParseError } from './parse-error.js';
import { defaultParseLimits, parseInWorker } from './parse-in-worker.js';
import { pdfUnpackCap } from './pdf-unpack.js';

const mib = 1024 * 1024;
const html = (paragraphs: number) => Buffer.from(`<html><body>${'<p>A spread is the difference between bid and ask.</p>'.repeat(paragraphs)}</body></html>`);
/** This process's threads: each parse worker adds some while it lives (a worker whose idle time runs out may leave meanwhile). */
const threads = () => Number(/^Threads:\s+(\d+)/m.exec(readFileSync('/proc/self/status', 'utf8'))![1]);

async function problemOf(parsing: Promise<unknown>) {
  const error = await parsing.then(() => null, (thrown: unknown) => thrown);
  expect(error).toBeInstanceOf(KnowledgeParseError);
  return (error as KnowledgeParseError).problem;
}

describe('parseInWorker', () => {
  it('reads a DOCX in a worker as it is read in this thread', async () => {
    const docx = await docxWithHeadings([{ heading: 'Deposits', paragraphs: ['Deposit by bank card.', 'Or by wire transfer.'] }]);
    const inWorker = await parseInWorker('docx', docx, { maxPdfPages: 10 });
    expect(inWorker).toEqual(await parseKnowledgeFile('docx', docx, { maxPdfPages: 10 }));
    expect(inWorker.sections).toEqual([{ heading: 'Deposits', page: null, paragraphs: ['Deposit by bank card.', 'Or by wire transfer.'] }]);
  });

  it('fails a DOCX that unpacks to 1 GiB (its headers claiming 4 KB) at the cap, quickly, using a fraction of that memory', async () => {
    const bomb = docxBomb({ inflatedBytes: 1024 * mib, declaredSize: 4096 });
    expect(bomb.length).toBeLessThan(1.5 * mib);
    await parseInWorker('docx', Buffer.from('warm the worker'), { maxPdfPages: 10 }).catch(() => null);
    // the worker runs beside this thread, which samples the process's memory meanwhile (both count in it)
    const rssBefore = process.memoryUsage.rss();
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
    const started = performance.now();
    const problem = await problemOf(parseInWorker('docx', bomb, { maxPdfPages: 10 }));
    const took = performance.now() - started;
    clearInterval(sampler);
    expect(problem).toEqual({ code: 'docxUnpacksTooLarge', params: { maxBytes: 64 * mib } });
    expect(took).toBeLessThan(2000);
    // at most the cap and some room, not the GiB
    expect(peak - rssBefore).toBeLessThan(160 * mib);
  });

  it('fails a PDF whose page content inflates to 256 MB at its cap, quickly, using a fraction of that memory', async () => {
    const bomb = pdfBomb({ inflatedBytes: 256 * mib });
    expect(bomb.length).toBeLessThan(300 * 1024);
    await parseInWorker('txt', Buffer.from('warm the worker'), { maxPdfPages: 10 });
    const rssBefore = process.memoryUsage.rss();
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
    const started = performance.now();
    const problem = await problemOf(parseInWorker('pdf', bomb, { maxPdfPages: 10 }));
    const took = performance.now() - started;
    clearInterval(sampler);
    // 100 times the file's size: about 26 MB
    expect(problem).toEqual({ code: 'pdfUnpacksTooLarge', params: { maxBytes: pdfUnpackCap(bomb.length) } });
    expect(took).toBeLessThan(2000);
    // only lengths are counted, nothing is inflated (the reader alone, given this file, grew the process by over 500 MB)
    expect(peak - rssBefore).toBeLessThan(32 * mib);
  });

  it("reports a PDF's progress in order, and on abort ends the worker and throws the reason", async () => {
    const pdf = await pdfWithPages(Array.from({ length: 6 }, (_, index) => [`Page ${index + 1}`]));
    const seen: number[] = [];
    const record = (fraction: number) => {
      seen.push(fraction);
    };
    await parseInWorker('pdf', pdf, { maxPdfPages: 10, onProgress: record });
    expect(seen).toEqual([1, 2, 3, 4, 5, 6].map((page) => page / 6));

    const stop = new AbortController();
    const reason = new Error('shutting down');
    const before = threads();
    let during = 0;
    const onProgress = () => {
      during = threads();
      stop.abort(reason);
    };
    await expect(parseInWorker('pdf', pdf, { maxPdfPages: 10, limits: { ...defaultParseLimits, memoryMb: 320 }, signal: stop.signal, onProgress })).rejects.toBe(reason);
    expect(during).toBeGreaterThan(before);
    expect(threads()).toBeLessThanOrEqual(before);
  });

  it('ends a parse past its time limit with parseTimedOut, and its worker with it', async () => {
    const limits = { timeoutMs: 100, memoryMb: 384 };
    // none with this limit yet: one is started, answers, and waits for the next file, which runs out of time
    const before = threads();
    await parseInWorker('txt', Buffer.from('A worker is started and kept.'), { maxPdfPages: 10, limits });
    expect(threads()).toBeGreaterThan(before);
    const started = performance.now();
    expect(await problemOf(parseInWorker('html', html(50_000), { maxPdfPages: 10, limits }))).toEqual({ code: 'parseTimedOut', params: { seconds: 0.1 } });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(threads()).toBeLessThanOrEqual(before);
  });

  it('fails a file that needs more than the heap limit with parseOutOfMemory, and the process goes on', async () => {
    const limits = { timeoutMs: 60_000, memoryMb: 64 };
    const before = threads();
    // the limit leaves room for the parsers: a small page is read
    expect((await parseInWorker('html', html(10), { maxPdfPages: 10, limits })).sections[0]!.paragraphs).toHaveLength(10);
    expect(threads()).toBeGreaterThan(before);
    expect(await problemOf(parseInWorker('html', html(100_000), { maxPdfPages: 10, limits }))).toEqual({ code: 'parseOutOfMemory', params: { maxBytes: 64 * mib } });
    expect(threads()).toBeLessThanOrEqual(before);
    expect((await parseInWorker('md', Buffer.from('# Still here\n\nYes.'), { maxPdfPages: 10, limits })).sections).toEqual([
      { heading: 'Still here', page: null, paragraphs: ['Yes.'] },
    ]);
  });
});
