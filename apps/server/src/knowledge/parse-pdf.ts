import { getDocumentProxy } from 'unpdf';
import type { Section } from './chunk.js';
import { KnowledgeParseError } from './parse-error.js';

export interface PdfReadOptions {
  maxPages: number;
  /** Told the share of pages read so far (0 to 1) after each page. */
  onProgress?: (fraction: number) => Promise<void> | void;
  signal?: AbortSignal;
}

/** The text of each page of a PDF (pdf.js, through unpdf's build for servers), one section per page. */
export async function parsePdf(bytes: Uint8Array, options: PdfReadOptions): Promise<{ sections: Section[]; pageCount: number }> {
  const { maxPages } = options;
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // pdf.js takes the buffer over: give it a copy
    pdf = await getDocumentProxy(new Uint8Array(bytes), { isEvalSupported: false, stopAtErrors: false, verbosity: 0 });
  } catch (error) {
    if ((error as { name?: string }).name === 'PasswordException') {
      throw new KnowledgeParseError({ code: 'pdfPassword', params: {} });
    }
    throw new KnowledgeParseError({ code: 'pdfDamaged', params: {} });
  }
  try {
    const pageCount = pdf.numPages;
    if (pageCount > maxPages) {
      throw new KnowledgeParseError({ code: 'pdfTooManyPages', params: { pages: pageCount, maxPages } });
    }
    const sections: Section[] = [];
    for (let number = 1; number <= pageCount; number += 1) {
      options.signal?.throwIfAborted();
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str + (item.hasEOL ? '\n' : '');
      }
      page.cleanup();
      const paragraphs = text.split(/\n\s*\n/).map((paragraph) => paragraph.trim()).filter(Boolean);
      if (paragraphs.length > 0) sections.push({ heading: null, page: number, paragraphs });
      await options.onProgress?.(number / pageCount);
    }
    if (sections.length === 0) {
      throw new KnowledgeParseError({ code: 'pdfNoText', params: {} });
    }
    return { sections, pageCount };
  } catch (error) {
    if (error instanceof KnowledgeParseError || options.signal?.aborted) throw error;
    throw new KnowledgeParseError({ code: 'pdfDamaged', params: {} });
  } finally {
    await pdf.destroy();
  }
}
