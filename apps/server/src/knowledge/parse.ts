import mammoth from 'mammoth';
import type { KnowledgeFileType } from '@parley/contracts';
import type { Section } from './chunk.js';
import { decodeText } from './decode-text.js';
import { docxUnpackCap, storedZip, unpackDocxParts } from './docx-unpack.js';
import { parseCsv, type QaPair } from './parse-csv.js';
import { KnowledgeParseError } from './parse-error.js';
import { htmlToSections } from './parse-html.js';
import { parsePdf, type PdfReadOptions } from './parse-pdf.js';
import { checkPdfUnpackedSize, pdfUnpackCap } from './pdf-unpack.js';
import { parseMarkdown, parsePlainText } from './parse-text.js';

/** What a file holds: passages in sections, and Q&A pairs (CSV with question and answer columns). */
export interface ParsedFile {
  sections: Section[];
  qa: QaPair[];
  pageCount: number | null;
}

/** Images are left out: only text is indexed, and their bytes are never unpacked. */
const noImages = mammoth.images.imgElement(() => Promise.resolve({ src: '' }));

async function parseDocx(bytes: Uint8Array): Promise<Section[]> {
  // mammoth unpacks whatever the archive holds: it gets the parts only once their size is checked
  const parts = unpackDocxParts(bytes, docxUnpackCap(bytes.byteLength));
  let html: string;
  try {
    html = (await mammoth.convertToHtml({ buffer: storedZip(parts) }, { convertImage: noImages })).value;
  } catch {
    throw new KnowledgeParseError({ code: 'docxDamaged', params: {} });
  }
  return htmlToSections(html, { mainContent: false });
}

function textOf(bytes: Uint8Array): string {
  const text = decodeText(bytes);
  if (text === null) throw new KnowledgeParseError({ code: 'textEncoding', params: {} });
  return text;
}

/** Reads a file of a detected type with the library made for it; a file it cannot index throws KnowledgeParseError. */
export async function parseKnowledgeFile(
  type: KnowledgeFileType,
  bytes: Uint8Array,
  options: { maxPdfPages: number } & Pick<PdfReadOptions, 'onProgress' | 'signal'>,
): Promise<ParsedFile> {
  let parsed: ParsedFile;
  switch (type) {
    case 'pdf':
      // pdf.js inflates streams outside the heap limit: it gets the file only once their size is checked
      checkPdfUnpackedSize(bytes, pdfUnpackCap(bytes.byteLength));
      parsed = { ...(await parsePdf(bytes, { maxPages: options.maxPdfPages, onProgress: options.onProgress, signal: options.signal })), qa: [] };
      break;
    case 'docx':
      parsed = { sections: await parseDocx(bytes), qa: [], pageCount: null };
      break;
    case 'html':
      parsed = { sections: htmlToSections(textOf(bytes), { mainContent: true }), qa: [], pageCount: null };
      break;
    case 'csv':
      parsed = { ...parseCsv(textOf(bytes)), pageCount: null };
      break;
    case 'md':
      parsed = { sections: parseMarkdown(textOf(bytes)), qa: [], pageCount: null };
      break;
    case 'txt':
      parsed = { sections: parsePlainText(textOf(bytes)), qa: [], pageCount: null };
      break;
  }
  if (parsed.sections.length === 0 && parsed.qa.length === 0) {
    throw new KnowledgeParseError({ code: 'noText', params: {} });
  }
  return parsed;
}
