import { describe, expect, it } from 'vitest';
import { docxWithHeadings, pdfWithPages, pngBytes } from '../../test/fixtures/knowledge-files.js';
import { createKnowledgeTypeCheck, detectKnowledgeFile, typeCheckHeadBytes } from './detect-type.js';

const text = (value: string) => Buffer.from(value, 'utf8');

/** The verdict on a file given in pieces of `size` bytes, as an upload's stream gives it. */
function inPieces(name: string, bytes: Uint8Array, size: number) {
  const check = createKnowledgeTypeCheck(name);
  for (let at = 0; at < bytes.byteLength; at += size) check.push(bytes.subarray(at, at + size));
  return { promising: check.promising(), verdict: check.finish() };
}

/** Text longer than the head, so what decides is past it. */
const longText = (tail: Buffer) => Buffer.concat([text('保证金是开仓时冻结的资金。\n'.repeat(Math.ceil(typeCheckHeadBytes / 30))), tail]);

describe('createKnowledgeTypeCheck: a file read in pieces', () => {
  it('gives the verdict the whole file gets, however the pieces fall', async () => {
    const files: [string, Uint8Array][] = [
      ['guide.pdf', await pdfWithPages([['Hello']])],
      ['guide.docx', await docxWithHeadings([{ heading: 'Hi', paragraphs: ['there'] }])],
      ['notes.txt', text('保证金 is the margin: 点差 is the spread.')],
      ['page.html', text('<!doctype html><html><body><p>Hi</p></body></html>')],
      ['faq.csv', Buffer.from([0xb1, 0xa3, 0xd6, 0xa4, 0xbd, 0xf0])],
      ['notes.md', await docxWithHeadings([{ heading: 'Hi', paragraphs: ['there'] }])],
      ['report.pdf', pngBytes()],
      ['photo.png', pngBytes()],
      ['long.txt', longText(text('the end'))],
    ];
    for (const [name, bytes] of files) {
      for (const size of [1, 7, 4096, bytes.byteLength]) {
        expect(inPieces(name, bytes, size).verdict, `${name} in pieces of ${size}`).toEqual(detectKnowledgeFile(name, bytes));
      }
    }
  });

  it('reads a character split between two pieces, and the Word part name split between two pieces', async () => {
    expect(inPieces('中文.txt', text('保证金'), 2).verdict).toMatchObject({ ok: true, type: 'txt' });
    const docx = await docxWithHeadings([{ heading: 'Hi', paragraphs: ['there'] }]);
    const at = Buffer.from(docx).indexOf('word/document.xml') + 5;
    const check = createKnowledgeTypeCheck('guide.docx');
    check.push(docx.subarray(0, at));
    check.push(docx.subarray(at));
    expect(check.finish()).toMatchObject({ ok: true, type: 'docx' });
  });

  it('turns away text that stops being text past the head, as it does a file read whole', () => {
    const nul = longText(Buffer.from([0x00, 0x01, 0x02]));
    expect(inPieces('notes.txt', nul, 64 * 1024).verdict).toEqual({ ok: false, problem: { code: 'typeMismatch', params: { claimed: 'txt', actual: 'notText' } } });
    // not UTF-8 past the head: the encodings chosen from the head decide, as they do for the whole file
    const broken = longText(Buffer.from([0xff, 0xfe, 0xfd]));
    expect(inPieces('notes.txt', broken, 64 * 1024).verdict).toEqual(detectKnowledgeFile('notes.txt', broken));
  });

  it('says from the head alone when a file cannot pass, so it need not be stored', async () => {
    const head = (name: string, bytes: Uint8Array) => {
      const check = createKnowledgeTypeCheck(name);
      check.push(bytes);
      return check.promising();
    };
    expect(head('report.pdf', pngBytes())).toBe(false);
    expect(head('photo.png', pngBytes())).toBe(false);
    expect(head('data.csv', Buffer.from([0x00, 0x01, 0x02]))).toBe(false);
    expect(head('plan.docx', text('just text'))).toBe(false);
    expect(head('guide.pdf', await pdfWithPages([['Hello']]))).toBe(true);
    expect(head('notes.txt', text('plain words'))).toBe(true);
  });
});
