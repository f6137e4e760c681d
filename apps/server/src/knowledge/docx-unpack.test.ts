import { Document, ImageRun, Packer, Paragraph } from 'docx';
import { describe, expect, it } from 'vitest';
import { docxBomb } from '../../test/fixtures/docx-bomb.js';
import { picture } from '../../test/fixtures/images.js';
import { docxWithHeadings } from '../../test/fixtures/knowledge-files.js';
import { docxUnpackCap, unpackDocxParts } from './docx-unpack.js';
import { parseKnowledgeFile } from './parse.js';

const mib = 1024 * 1024;
const limits = { maxPdfPages: 10 };

describe('unpacking a DOCX', () => {
  it('lets a file unpack to 100 times its size, at least 1 MB and at most 64 MB', () => {
    expect(docxUnpackCap(200 * 1024)).toBe(20_000 * 1024);
    expect(docxUnpackCap(4 * 1024)).toBe(mib);
    expect(docxUnpackCap(20 * mib)).toBe(64 * mib);
  });

  it('unpacks only the XML parts mammoth reads, and the document reads as before', async () => {
    const docx = await Packer.toBuffer(
      new Document({
        sections: [{ children: [new Paragraph('Before the chart.'), new Paragraph({ children: [new ImageRun({ type: 'png', data: await picture('png', 40, 30), transformation: { width: 40, height: 30 } })] }), new Paragraph('After it.')] }],
      }),
    );
    const names = [...unpackDocxParts(docx, docxUnpackCap(docx.length)).keys()];
    expect(names).toEqual(expect.arrayContaining(['[Content_Types].xml', '_rels/.rels', 'word/document.xml', 'word/_rels/document.xml.rels', 'word/styles.xml']));
    expect(names.filter((name) => name.startsWith('word/media/'))).toEqual([]);
    expect((await parseKnowledgeFile('docx', docx, limits)).sections).toEqual([{ heading: null, page: null, paragraphs: ['Before the chart.', 'After it.'] }]);
  });

  it('fails a small file that unpacks to more than its cap, whatever its headers declare', async () => {
    const bomb = docxBomb({ inflatedBytes: 3 * mib, declaredSize: 1000 });
    expect(bomb.length).toBeLessThan(16 * 1024);
    await expect(parseKnowledgeFile('docx', bomb, limits)).rejects.toMatchObject({ problem: { code: 'docxUnpacksTooLarge', params: { maxBytes: mib } } });
    // the same kind of file within its cap is a Word document like any other
    const fine = await parseKnowledgeFile('docx', docxBomb({ inflatedBytes: 512 * 1024 }), limits);
    expect(fine.sections[0]!.paragraphs[0]).toMatch(/^A{65000}$/);
  });

  it('calls an archive it cannot follow damaged', async () => {
    const docx = await docxWithHeadings([{ heading: 'Hi', paragraphs: ['there'] }]);
    const damaged = { problem: { code: 'docxDamaged', params: {} } };
    await expect(parseKnowledgeFile('docx', docx.subarray(0, docx.length - 30), limits)).rejects.toMatchObject(damaged);
    // a part compressed some way other than stored or deflated
    const odd = Buffer.from(docx);
    odd.writeUInt16LE(12, odd.indexOf('PK\x01\x02') + 10);
    await expect(parseKnowledgeFile('docx', odd, limits)).rejects.toMatchObject(damaged);
  });
});
