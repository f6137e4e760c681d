import { knowledgeProblem, type KnowledgeActualKind, type KnowledgeFileType, type KnownKnowledgeProblem, type KnowledgeProblem, type RejectedUpload } from '@parley/contracts';

/** A size limit in words: "20 MB", "1.5 MB", "10 KB". */
export function sizeInWords(bytes: number): string {
  const mb = bytes / 1024 / 1024;
  if (mb >= 1) return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

const typeNames: Record<KnowledgeFileType, string> = {
  pdf: 'a PDF',
  docx: 'a Word (DOCX) document',
  txt: 'a text file',
  md: 'a Markdown file',
  csv: 'a CSV file',
  html: 'an HTML page',
};

const actualNames: Record<Exclude<KnowledgeActualKind, 'notText'>, string> = {
  pdf: 'a PDF',
  docx: 'a Word (DOCX) document',
  png: 'a PNG picture',
  jpeg: 'a JPEG picture',
  gif: 'a GIF picture',
  riff: 'a RIFF file (WebP, WAV or AVI)',
  zip: 'a ZIP archive',
  oldOffice: 'an old Office document (DOC/XLS)',
  gzip: 'a gzip archive',
  program: 'a program',
};

/** "PDF, DOCX, TXT, MD, CSV or HTML". */
function orList(types: string[]): string {
  const upper = types.map((type) => type.toUpperCase());
  return upper.length <= 1 ? upper.join('') : `${upper.slice(0, -1).join(', ')} or ${upper.at(-1)}`;
}

/** The English sentence of a problem, as `reason` and `error` carry it for clients that do not translate codes. */
export function problemText(problem: KnownKnowledgeProblem): string {
  switch (problem.code) {
    case 'fileTooLarge':
      return `This file is larger than ${sizeInWords(problem.params.maxBytes)}, the most one file may be.`;
    case 'fileEmpty':
      return 'This file is empty.';
    case 'agentTotalExceeded':
      return `This agent's files would then take more than ${sizeInWords(problem.params.maxBytes)}, the most one agent may hold. Delete files it no longer needs first.`;
    case 'tooManyFiles':
      return `At most ${problem.params.max} files can be uploaded at once; upload this one again.`;
    case 'typeNotAccepted':
      return `This type of file is not accepted. Upload ${orList(problem.params.accepted)} files.`;
    case 'typeMismatch': {
      const { claimed, actual } = problem.params;
      const what = actual === 'notText' ? 'its content is not readable text' : `it is ${actualNames[actual]}`;
      return `This file is named as ${typeNames[claimed]}, but ${what}.`;
    }
    case 'htmlWithoutMarkup':
      return 'This file is named as an HTML page, but it has no HTML markup.';
    case 'csvUnreadable':
      return `This CSV file cannot be read${problem.params.line === undefined ? '' : ` (line ${problem.params.line})`}: check its quotes and separators.`;
    case 'docxDamaged':
      return 'This Word document is damaged or is not a DOCX file. Save it again as .docx and upload it.';
    case 'docxUnpacksTooLarge':
      return `This Word document unpacks to more than ${sizeInWords(problem.params.maxBytes)}, the most accepted for a file of its size. Split it into smaller documents and upload those.`;
    case 'textEncoding':
      return 'This file is not readable text (use UTF-8 or GB18030).';
    case 'noText':
      return 'No text was found in this file.';
    case 'pdfPassword':
      return 'This PDF is protected by a password. Save a copy without the password and upload that.';
    case 'pdfDamaged':
      return 'This PDF is damaged and cannot be read. Export it again from the program that made it.';
    case 'pdfUnpacksTooLarge':
      return `This PDF's compressed contents unpack to more than ${sizeInWords(problem.params.maxBytes)}, the most accepted for a file of its size. Split it into smaller files and upload those.`;
    case 'pdfTooManyPages':
      return `This PDF has ${problem.params.pages} pages; at most ${problem.params.maxPages} pages are accepted. Split it into smaller files.`;
    case 'pdfNoText':
      return 'No text was found in this PDF. It may hold scanned pages (pictures of text), which cannot be read.';
    case 'parseTimedOut':
      return `Reading this file took longer than ${problem.params.seconds} seconds, the most one file may take. Split it into smaller files and upload those.`;
    case 'parseOutOfMemory':
      return `Reading this file needed more than ${sizeInWords(problem.params.maxBytes)} of memory, the most one file may use. Split it into smaller files and upload those.`;
    case 'processingFailed':
      return 'Processing failed unexpectedly. Re-index the file to try again.';
  }
}

/** A file turned away at upload, with the problem as a code and in English. */
export function rejection(name: string, problem: KnownKnowledgeProblem): RejectedUpload {
  return { name, reason: problemText(problem), problem };
}

/** A stored problem as the API shows it; null when none was stored (files that failed before codes were kept). */
export function storedProblem(code: string | null, params: unknown): KnowledgeProblem | null {
  if (code === null) return null;
  const parsed = knowledgeProblem.safeParse({ code, params: params ?? {} });
  return parsed.success ? parsed.data : null;
}
