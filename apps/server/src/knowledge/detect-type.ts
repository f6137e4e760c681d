import { knowledgeFileTypes, type KnowledgeActualKind, type KnowledgeFileType, type KnownKnowledgeProblem } from '@parley/contracts';
import { decodeText } from './decode-text.js';

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
function isPdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(0, 1024)).includes('%PDF-');
}

/** DOCX: a ZIP archive holding word/document.xml (its name is stored uncompressed in the archive). */
function isDocx(bytes: Uint8Array): boolean {
  return startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) && Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes('word/document.xml');
}

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

/**
 * The file's type, from its content: the name's extension says what it claims to be, and the
 * content must be that (magic bytes for PDF and DOCX, readable text for the others; HTML must
 * have markup). Anything else is turned away with what it seems to be instead.
 */
export function detectKnowledgeFile(name: string, bytes: Uint8Array): Detected {
  const claimed = typeOfExtension[extensionOf(name)];
  if (!claimed) return { ok: false, problem: { code: 'typeNotAccepted', params: { accepted: [...knowledgeFileTypes] } } };
  const mismatch = () => {
    const actual = isPdf(bytes) ? 'pdf' : isDocx(bytes) ? 'docx' : (binaryKind(bytes) ?? 'notText');
    return { ok: false as const, problem: { code: 'typeMismatch' as const, params: { claimed, actual } } };
  };
  if (claimed === 'pdf') return isPdf(bytes) ? { ok: true, type: 'pdf', mime: mimeOfType.pdf } : mismatch();
  if (claimed === 'docx') return isDocx(bytes) ? { ok: true, type: 'docx', mime: mimeOfType.docx } : mismatch();
  if (binaryKind(bytes) !== null) return mismatch();
  const text = decodeText(bytes);
  if (text === null) return mismatch();
  if (claimed === 'html' && !looksLikeHtml(text)) {
    return { ok: false, problem: { code: 'htmlWithoutMarkup', params: {} } };
  }
  return { ok: true, type: claimed, mime: mimeOfType[claimed] };
}
