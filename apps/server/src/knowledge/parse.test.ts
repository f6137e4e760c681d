import { describe, expect, it } from 'vitest';
import { corruptPdf, docxWithHeadings, passwordPdf, pdfWithPages, pdfWithoutText, pngBytes } from '../../test/fixtures/knowledge-files.js';
import { chunkSections, sentences, sizeOf } from './chunk.js';
import { detectKnowledgeFile } from './detect-type.js';
import { parseKnowledgeFile } from './parse.js';
import { KnowledgeParseError } from './parse-error.js';
import { problemText } from './problems.js';

const text = (value: string) => Buffer.from(value, 'utf8');
const limits = { maxPdfPages: 10 };

describe('detectKnowledgeFile', () => {
  it('takes each accepted type when the content is what the name says', async () => {
    const cases: [string, Uint8Array, string][] = [
      ['guide.pdf', await pdfWithPages([['Hello']]), 'pdf'],
      ['guide.docx', await docxWithHeadings([{ heading: 'Hi', paragraphs: ['there'] }]), 'docx'],
      ['notes.txt', text('plain words'), 'txt'],
      ['readme.md', text('# Title\n\nBody'), 'md'],
      ['readme.markdown', text('Body only'), 'md'],
      ['faq.csv', text('question,answer\nA?,B'), 'csv'],
      ['page.html', text('<!doctype html><html><body><p>Hi</p></body></html>'), 'html'],
      ['fragment.htm', text('<div><p>Hi</p></div>'), 'html'],
      ['中文.txt', Buffer.from(new TextEncoder().encode('\ufeff保证金是什么')), 'txt'],
    ];
    for (const [name, bytes, type] of cases) expect(detectKnowledgeFile(name, bytes), name).toMatchObject({ ok: true, type });
  });

  it('reads Chinese text saved as GB18030 (Excel on Chinese Windows)', () => {
    const gbk = Buffer.from([0xb1, 0xa3, 0xd6, 0xa4, 0xbd, 0xf0]); // 保证金
    expect(detectKnowledgeFile('faq.csv', gbk)).toMatchObject({ ok: true, type: 'csv' });
  });

  it('turns away a file whose content is not what its name says, saying what it is', async () => {
    const mismatch = (claimed: string, actual: string) => ({ ok: false, problem: { code: 'typeMismatch', params: { claimed, actual } } });
    expect(detectKnowledgeFile('report.pdf', pngBytes())).toEqual(mismatch('pdf', 'png'));
    expect(detectKnowledgeFile('notes.txt', await pdfWithPages([['x']]))).toEqual(mismatch('txt', 'pdf'));
    expect(detectKnowledgeFile('notes.md', await docxWithHeadings([{ heading: 'Hi', paragraphs: ['there'] }]))).toEqual(mismatch('md', 'docx'));
    expect(detectKnowledgeFile('plan.docx', text('just text'))).toEqual(mismatch('docx', 'notText'));
    // a ZIP that is not a Word document
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('xl/workbook.xml')]);
    expect(detectKnowledgeFile('book.docx', zip)).toEqual(mismatch('docx', 'zip'));
    expect(detectKnowledgeFile('data.csv', Buffer.from([0x00, 0x01, 0x02, 0x03, 0x00]))).toEqual(mismatch('csv', 'notText'));
    expect(detectKnowledgeFile('page.html', text('no markup here'))).toEqual({ ok: false, problem: { code: 'htmlWithoutMarkup', params: {} } });
    expect(detectKnowledgeFile('photo.png', pngBytes())).toEqual({
      ok: false,
      problem: { code: 'typeNotAccepted', params: { accepted: ['pdf', 'docx', 'txt', 'md', 'csv', 'html'] } },
    });
  });

  it('says each problem in English too, for API clients', () => {
    expect(problemText({ code: 'typeMismatch', params: { claimed: 'pdf', actual: 'png' } })).toBe('This file is named as a PDF, but it is a PNG picture.');
    expect(problemText({ code: 'typeMismatch', params: { claimed: 'docx', actual: 'notText' } })).toBe(
      'This file is named as a Word (DOCX) document, but its content is not readable text.',
    );
    expect(problemText({ code: 'typeNotAccepted', params: { accepted: ['pdf', 'docx', 'txt', 'md', 'csv', 'html'] } })).toBe(
      'This type of file is not accepted. Upload PDF, DOCX, TXT, MD, CSV or HTML files.',
    );
    expect(problemText({ code: 'csvUnreadable', params: { line: 3 } })).toBe('This CSV file cannot be read (line 3): check its quotes and separators.');
    expect(problemText({ code: 'csvUnreadable', params: {} })).toBe('This CSV file cannot be read: check its quotes and separators.');
  });
});

describe('chunkSections', () => {
  it('packs paragraphs up to the budget, keeps heading and page, and overlaps the next chunk', () => {
    const paragraphs = Array.from({ length: 12 }, (_, index) => `Paragraph ${index} says something useful about margin. It has a second sentence too.`);
    const chunks = chunkSections([{ heading: 'Margin', page: 3, paragraphs }], { budget: 300, overlap: 60 });
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks) {
      expect(chunk).toMatchObject({ heading: 'Margin', page: 3 });
      expect(sizeOf(chunk.content)).toBeLessThanOrEqual(300 + 60 + 2);
    }
    // every paragraph is in some chunk, and each chunk after the first starts with the end of the one before
    for (const paragraph of paragraphs) expect(chunks.some((chunk) => chunk.content.includes(paragraph))).toBe(true);
    for (let index = 1; index < chunks.length; index += 1) {
      const start = chunks[index]!.content.split('\n\n')[0]!;
      expect(chunks[index - 1]!.content.endsWith(start)).toBe(true);
    }
  });

  it('cuts a paragraph longer than the budget at sentence ends, and counts Chinese characters double', () => {
    const sentence = '保证金是开仓时需要冻结的资金。';
    const long = sentence.repeat(60); // 900 characters, 1800 units
    const chunks = chunkSections([{ heading: null, page: null, paragraphs: [long] }], { budget: 800, overlap: 100 });
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    for (const chunk of chunks) {
      expect(sizeOf(chunk.content)).toBeLessThanOrEqual(900);
      expect(chunk.content.endsWith('。')).toBe(true);
    }
  });

  it('cuts sentences at Latin end marks followed by a space, at CJK end marks and at line breaks', () => {
    expect(sentences('It costs 3.5 USD. Really? Yes!\nNew line 保证金是资金。点差是差价！ "Quoted." End')).toEqual([
      'It costs 3.5 USD. ',
      'Really? ',
      'Yes!\n',
      'New line 保证金是资金。',
      '点差是差价！ ',
      '"Quoted." ',
      'End',
    ]);
  });

  it('never puts two headings in one chunk and drops empty sections', () => {
    const chunks = chunkSections([
      { heading: 'A', page: null, paragraphs: ['one'] },
      { heading: 'Empty', page: null, paragraphs: ['  ', ''] },
      { heading: 'B', page: null, paragraphs: ['two'] },
    ]);
    expect(chunks).toEqual([
      { heading: 'A', page: null, content: 'one' },
      { heading: 'B', page: null, content: 'two' },
    ]);
  });
});

describe('parseKnowledgeFile', () => {
  it('reads a PDF page by page', async () => {
    const pdf = await pdfWithPages([['Margin call rules', 'Equity below 50% closes positions.'], ['Leverage', 'Retail leverage is capped at 30:1.']]);
    const parsed = await parseKnowledgeFile('pdf', pdf, limits);
    expect(parsed.pageCount).toBe(2);
    expect(parsed.sections.map((section) => section.page)).toEqual([1, 2]);
    expect(parsed.sections[0]!.paragraphs.join(' ')).toContain('Equity below 50% closes positions.');
    expect(parsed.sections[1]!.paragraphs.join(' ')).toContain('Retail leverage is capped at 30:1.');
  });

  it('fails a corrupt, encrypted, textless or too long PDF with a reason the owner can act on', async () => {
    await expect(parseKnowledgeFile('pdf', corruptPdf(), limits)).rejects.toThrow('This PDF is damaged and cannot be read.');
    await expect(parseKnowledgeFile('pdf', passwordPdf(), limits)).rejects.toThrow('This PDF is protected by a password.');
    await expect(parseKnowledgeFile('pdf', await pdfWithoutText(2), limits)).rejects.toThrow('No text was found in this PDF.');
    const long = await pdfWithPages(Array.from({ length: 3 }, (_, index) => [`Page ${index + 1}`]));
    await expect(parseKnowledgeFile('pdf', long, { maxPdfPages: 2 })).rejects.toThrow(
      'This PDF has 3 pages; at most 2 pages are accepted. Split it into smaller files.',
    );
  });

  it('names each problem by a code with its figures, for the upload screen to translate', async () => {
    const problemOf = async (parsing: Promise<unknown>) => {
      const error = await parsing.then(() => null, (thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(KnowledgeParseError);
      return (error as KnowledgeParseError).problem;
    };
    const long = await pdfWithPages(Array.from({ length: 3 }, (_, index) => [`Page ${index + 1}`]));
    const brokenDocx = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('word/document.xml'), Buffer.alloc(100)]);
    const cases: [Promise<unknown>, unknown][] = [
      [parseKnowledgeFile('pdf', corruptPdf(), limits), { code: 'pdfDamaged', params: {} }],
      [parseKnowledgeFile('pdf', passwordPdf(), limits), { code: 'pdfPassword', params: {} }],
      [parseKnowledgeFile('pdf', await pdfWithoutText(2), limits), { code: 'pdfNoText', params: {} }],
      [parseKnowledgeFile('pdf', long, { maxPdfPages: 2 }), { code: 'pdfTooManyPages', params: { pages: 3, maxPages: 2 } }],
      [parseKnowledgeFile('docx', brokenDocx, limits), { code: 'docxDamaged', params: {} }],
      [parseKnowledgeFile('csv', text('question,answer\nA?,B\n"never closed,x\n'), limits), { code: 'csvUnreadable', params: { line: 3 } }],
      [parseKnowledgeFile('txt', Buffer.from([0x00, 0x01, 0x02, 0x03]), limits), { code: 'textEncoding', params: {} }],
      [parseKnowledgeFile('txt', text('  \n\n  '), limits), { code: 'noText', params: {} }],
    ];
    for (const [parsing, problem] of cases) expect(await problemOf(parsing)).toEqual(problem);
  });

  it('reads a DOCX into sections under its headings', async () => {
    const docx = await docxWithHeadings([
      { heading: 'Deposits', paragraphs: ['Deposit by bank card.', 'Or by wire transfer.'] },
      { heading: 'Withdrawals', level: 2, paragraphs: ['Withdrawals take one working day.'] },
    ]);
    expect((await parseKnowledgeFile('docx', docx, limits)).sections).toEqual([
      { heading: 'Deposits', page: null, paragraphs: ['Deposit by bank card.', 'Or by wire transfer.'] },
      { heading: 'Withdrawals', page: null, paragraphs: ['Withdrawals take one working day.'] },
    ]);
    const broken = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('word/document.xml'), Buffer.alloc(100)]);
    await expect(parseKnowledgeFile('docx', broken, limits)).rejects.toThrow('This Word document is damaged or is not a DOCX file.');
  });

  it("reads an HTML page's main content, without scripts, styles, navigation or footer", async () => {
    const html = `<!doctype html><html><head><title>Broker guide</title><style>p{color:red}</style><script>var x = 'tracking';</script></head>
      <body><nav><a href="/">Home</a> <a href="/about">About us</a></nav>
      <main><h1>Spreads</h1><p>A spread is the difference between bid and ask.</p><ul><li>Fixed spreads</li><li>Variable spreads</li></ul>
      <h2>Fees</h2><table><tr><th>Account</th><th>Fee</th></tr><tr><td>Standard</td><td>None</td></tr></table></main>
      <footer>Copyright 2026</footer></body></html>`;
    const { sections } = await parseKnowledgeFile('html', text(html), limits);
    expect(sections).toEqual([
      { heading: 'Spreads', page: null, paragraphs: ['A spread is the difference between bid and ask.', 'Fixed spreads', 'Variable spreads'] },
      { heading: 'Fees', page: null, paragraphs: ['Account | Fee', 'Standard | None'] },
    ]);
  });

  it('turns a CSV with question and answer columns (in Chinese too) into Q&A pairs, and other CSVs into row passages', async () => {
    const qa = await parseKnowledgeFile('csv', text('\ufeff问题,答案\n什么是保证金？,保证金是开仓时冻结的资金。\n点差怎么算？,"点差是买价与卖价之差，以点计。"\n,空问题被跳过\n'), limits);
    expect(qa.qa).toEqual([
      { question: '什么是保证金？', answer: '保证金是开仓时冻结的资金。' },
      { question: '点差怎么算？', answer: '点差是买价与卖价之差，以点计。' },
    ]);
    const short = await parseKnowledgeFile('csv', text('Q;A\nMin deposit?;100 USD\n'), limits);
    expect(short.qa).toEqual([{ question: 'Min deposit?', answer: '100 USD' }]);
    const rows = await parseKnowledgeFile('csv', text('Broker,Regulator,Min deposit\nAlpha,FCA,100\nBeta,ASIC,\n'), limits);
    expect(rows.qa).toEqual([]);
    expect(rows.sections[0]!.paragraphs).toEqual(['Broker: Alpha\nRegulator: FCA\nMin deposit: 100', 'Broker: Beta\nRegulator: ASIC']);
    await expect(parseKnowledgeFile('csv', text('question,answer\n'), limits)).rejects.toThrow('No text was found in this file.');
  });

  it('splits Markdown at headings (ignoring # inside code) and plain text at blank lines', async () => {
    const md = '# Guide\n\nIntro with a [link](https://x.test).\n\n## Setup\n\n```\n# not a heading\n```\n\nInstall it.\n\nOverview\n========\n\nLast part.';
    expect((await parseKnowledgeFile('md', text(md), limits)).sections).toEqual([
      { heading: 'Guide', page: null, paragraphs: ['Intro with a link.'] },
      { heading: 'Setup', page: null, paragraphs: ['# not a heading', 'Install it.'] },
      { heading: 'Overview', page: null, paragraphs: ['Last part.'] },
    ]);
    expect((await parseKnowledgeFile('txt', text('First paragraph\nsame one.\n\n\nSecond.'), limits)).sections).toEqual([
      { heading: null, page: null, paragraphs: ['First paragraph\nsame one.', 'Second.'] },
    ]);
    await expect(parseKnowledgeFile('txt', text('  \n\n  '), limits)).rejects.toThrow('No text was found in this file.');
  });
});
