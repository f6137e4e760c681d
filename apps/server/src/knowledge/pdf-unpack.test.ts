import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bombText, flateBombContent, pdfBomb, pdfWithFlateContent } from '../../test/fixtures/pdf-bomb.js';
import { pdfWithPages } from '../../test/fixtures/knowledge-files.js';
import { parseKnowledgeFile } from './parse.js';
import { parsePdf } from './parse-pdf.js';
import { pdfUnpackCap } from './pdf-unpack.js';

const mib = 1024 * 1024;
const limits = { maxPdfPages: 10 };
const tooLarge = (maxBytes: number) => ({ problem: { code: 'pdfUnpacksTooLarge', params: { maxBytes } } });
const textOperators = Buffer.from('BT /F1 12 Tf 72 770 Td (Margin calls close positions.) Tj ET\n');

describe('checking what a PDF inflates to', () => {
  it("lets a file's streams inflate to 100 times its size, at least 16 MB and at most 128 MB", () => {
    expect(pdfUnpackCap(500 * 1024)).toBe(50_000 * 1024);
    expect(pdfUnpackCap(30 * 1024)).toBe(16 * mib);
    expect(pdfUnpackCap(20 * mib)).toBe(128 * mib);
  });

  it('fails a small PDF whose page content inflates past its cap, and reads the same kind of file within it', async () => {
    const bomb = pdfBomb({ inflatedBytes: 64 * mib });
    expect(bomb.length).toBeLessThan(80 * 1024);
    await expect(parseKnowledgeFile('pdf', bomb, limits)).rejects.toMatchObject(tooLarge(16 * mib));
    const fine = await parseKnowledgeFile('pdf', pdfBomb({ inflatedBytes: 8 * mib }), limits);
    expect(fine.sections).toEqual([{ heading: null, page: 1, paragraphs: [bombText] }]);
  });

  it('counts a stream as pdf.js reads it: whatever its dictionary calls the filter, past what zlib refuses, and up to where its data breaks off', async () => {
    const content = flateBombContent({ inflatedBytes: 64 * mib });
    await expect(parseKnowledgeFile('pdf', pdfWithFlateContent(content, { filter: '/F /Fl' }), limits)).rejects.toMatchObject(tooLarge(16 * mib));
    // a header naming a 64 KB window and an empty stored block with both lengths 0: zlib refuses both, pdf.js reads on
    const refusedByZlib = (data: Buffer) => Buffer.concat([Buffer.from([0x88, 0x1c, 0x00, 0, 0, 0, 0]), data.subarray(2)]);
    await expect(parseKnowledgeFile('pdf', pdfWithFlateContent(refusedByZlib(content)), limits)).rejects.toMatchObject(tooLarge(16 * mib));
    const withinCap = refusedByZlib(flateBombContent({ inflatedBytes: 2 * mib }));
    expect((await parseKnowledgeFile('pdf', pdfWithFlateContent(withinCap), limits)).sections[0]!.paragraphs).toEqual([bombText]);
    // the last block and the checksum replaced by a block of a type that does not exist
    const broken = Buffer.concat([content.subarray(0, content.length - 6), Buffer.from([0xff, 0xff])]);
    await expect(parseKnowledgeFile('pdf', pdfWithFlateContent(broken), limits)).rejects.toMatchObject(tooLarge(16 * mib));
  });

  it('reads a multi-page PDF as the reader alone does', async () => {
    const pages = Array.from({ length: 12 }, (_, page) => Array.from({ length: 30 }, (_, line) => `Page ${page + 1}, line ${line + 1}: swaps are charged at 22:00.`));
    const pdf = await pdfWithPages(pages);
    const parsed = await parseKnowledgeFile('pdf', pdf, { maxPdfPages: 20 });
    expect(parsed.pageCount).toBe(12);
    expect(parsed.sections).toEqual((await parsePdf(pdf, { maxPages: 20 })).sections);
    expect(parsed.sections[11]!.paragraphs.join('\n')).toContain('Page 12, line 30: swaps are charged at 22:00.');
  });

  it('leaves a stream that does not inflate to the reader, which says what it said before', async () => {
    const undecodable = pdfWithFlateContent(Buffer.from([0x78, 0x9c, 0xff, 0xff, 0xff, 0xff, 0x12, 0x34]));
    await expect(parseKnowledgeFile('pdf', undecodable, limits)).rejects.toMatchObject({ problem: { code: 'pdfDamaged', params: {} } });
    const notCompressed = pdfWithFlateContent(Buffer.from('this was never compressed'));
    await expect(parseKnowledgeFile('pdf', notCompressed, limits)).rejects.toMatchObject({ problem: { code: 'pdfNoText', params: {} } });
    // data whose end is damaged reads as far as it goes, as before
    const whole = deflateSync(textOperators);
    const damagedEnd = Buffer.concat([whole.subarray(0, whole.length - 6), Buffer.from([0xff, 0xff, 0xff])]);
    expect((await parseKnowledgeFile('pdf', pdfWithFlateContent(damagedEnd), limits)).sections[0]!.paragraphs).toEqual(['Margin calls close positions.']);
  });
});
