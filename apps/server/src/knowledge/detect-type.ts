import { knowledgeFileTypes, type KnowledgeActualKind, type KnowledgeFileType, type KnownKnowledgeProblem } from '@parley/contracts';
import { createTextCheck } from './decode-text.js';

/** The MIME type stored for each knowledge file type (knowledge_files.mime). */
export const mimeOfType: Record<KnowledgeFileType, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  html: 'text/html',
};

export function typeOfMime(mime: string): KnowledgeFileType {
  const found = (Object.entries(mimeOfType) as [KnowledgeFileType, string][]).find(([, value]) => value === mime);
  return found ? found[0] : 'txt';
}

const typeOfExtension: Record<string, KnowledgeFileType> = {
  pdf: 'pdf',
  docx: 'docx',
  txt: 'txt',
  text: 'txt',
  md: 'md',
  markdown: 'md',
  csv: 'csv',
  html: 'html',
  htm: 'html',
};

/** Well-known binary formats, to say what a mislabelled file really is. */
const signatures: { bytes: number[]; kind: KnowledgeActualKind }[] = [
  { bytes: [0x89, 0x50, 0x4e, 0x47], kind: 'png' },
  { bytes: [0xff, 0xd8, 0xff], kind: 'jpeg' },
  { bytes: [0x47, 0x49, 0x46, 0x38], kind: 'gif' },
  { bytes: [0x52, 0x49, 0x46, 0x46], kind: 'riff' },
  { bytes: [0x25, 0x50, 0x44, 0x46, 0x2d], kind: 'pdf' },
  { bytes: [0x50, 0x4b, 0x03, 0x04], kind: 'zip' },
  { bytes: [0xd0, 0xcf, 0x11, 0xe0], kind: 'oldOffice' },
  { bytes: [0x1f, 0x8b], kind: 'gzip' },
  { bytes: [0x7f, 0x45, 0x4c, 0x46], kind: 'program' },
  { bytes: [0x4d, 0x5a], kind: 'program' },
];

function startsWith(bytes: Uint8Array, prefix: number[], at = 0): boolean {
  return prefix.every((byte, index) => bytes[at + index] === byte);
}

/** PDF: "%PDF-" within the first KB (some writers put junk before it, as readers allow). */
function isPdf(head: Uint8Array): boolean {
  return Buffer.from(head.subarray(0, 1024)).includes('%PDF-');
}

const zipSignature = [0x50, 0x4b, 0x03, 0x04];
/** A DOCX is a ZIP archive holding this part; its name is stored uncompressed in the archive. */
const docxPart = Buffer.from('word/document.xml');

function binaryKind(bytes: Uint8Array): KnowledgeActualKind | null {
  return signatures.find((signature) => startsWith(bytes, signature.bytes))?.kind ?? null;
}

/** Markup an HTML page has near its start (a fragment of paragraphs counts too). */
function looksLikeHtml(text: string): boolean {
  const head = text.slice(0, 4096).trimStart().toLowerCase();
  return /^(<!doctype html|<html[\s>]|<head[\s>]|<body[\s>])/.test(head) || /<(html|body|p|div|h[1-6]|article|main|section|table|ul)[\s>]/.test(head);
}

export type Detected = { ok: true; type: KnowledgeFileType; mime: string } | { ok: false; problem: KnownKnowledgeProblem };

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Enough of a file's start to tell its type: the text detector's sample, far more than any signature needs. */
export const typeCheckHeadBytes = 64 * 1024;

/**
 * The file's type, from its content, read in pieces as it arrives (holding only its first
 * `typeCheckHeadBytes`): the name's extension says what it claims to be, and the content must be
 * that (magic bytes for PDF and DOCX, readable text for the others; HTML must have markup).
 * Anything else is turned away with what it seems to be instead. `push` every piece, then `finish`.
 */
export function createKnowledgeTypeCheck(name: string) {
  const claimed = typeOfExtension[extensionOf(name)];
  const headPieces: Uint8Array[] = [];
  let headLength = 0;
  let head: Buffer | null = null;
  let text: ReturnType<typeof createTextCheck> | null = null;
  // the DOCX part's name may sit anywhere in the archive, and across two pieces
  let sawDocxPart = false;
  let tail = Buffer.alloc(0);

  function completeHead(): Buffer {
    if (head) return head;
    head = Buffer.concat(headPieces);
    headPieces.length = 0;
    if (claimed && claimed !== 'pdf' && claimed !== 'docx' && binaryKind(head) === null) {
      text = createTextCheck(head);
      text.push(head);
    }
    return head;
  }

  const isDocx = (start: Uint8Array) => startsWith(start, zipSignature) && sawDocxPart;

  return {
    push(piece: Uint8Array): void {
      if (!sawDocxPart) {
        const joined = Buffer.concat([tail, piece]);
        sawDocxPart = joined.includes(docxPart);
        tail = joined.subarray(Math.max(0, joined.length - docxPart.length + 1));
      }
      if (head === null) {
        headPieces.push(piece);
        headLength += piece.byteLength;
        if (headLength >= typeCheckHeadBytes) completeHead();
      } else if (text?.readable()) {
        text.push(piece);
      }
    },

    /**
     * Whether the content may still pass, from the head and what followed it so far (the head
     * counts as complete once this is asked); false means `finish` will turn the file away.
     */
    promising(): boolean {
      const start = completeHead();
      if (!claimed) return false;
      if (claimed === 'pdf') return isPdf(start);
      if (claimed === 'docx') return startsWith(start, zipSignature);
      return text?.readable() ?? false;
    },

    finish(): Detected {
      const start = completeHead();
      if (!claimed) return { ok: false, problem: { code: 'typeNotAccepted', params: { accepted: [...knowledgeFileTypes] } } };
      const mismatch = () => {
        const actual = isPdf(start) ? 'pdf' : isDocx(start) ? 'docx' : (binaryKind(start) ?? 'notText');
        return { ok: false as const, problem: { code: 'typeMismatch' as const, params: { claimed, actual } } };
      };
      if (claimed === 'pdf') return isPdf(start) ? { ok: true, type: 'pdf', mime: mimeOfType.pdf } : mismatch();
      if (claimed === 'docx') return isDocx(start) ? { ok: true, type: 'docx', mime: mimeOfType.docx } : mismatch();
      const beginning = text?.finish() ?? null;
      if (beginning === null) return mismatch();
      if (claimed === 'html' && !looksLikeHtml(beginning)) {
        return { ok: false, problem: { code: 'htmlWithoutMarkup', params: {} } };
      }
      return { ok: true, type: claimed, mime: mimeOfType[claimed] };
    },
  };
}

/** The type of a file held whole (the upload reads files in pieces: createKnowledgeTypeCheck). */
export function detectKnowledgeFile(name: string, bytes: Uint8Array): Detected {
  const check = createKnowledgeTypeCheck(name);
  check.push(bytes);
  return check.finish();
}
