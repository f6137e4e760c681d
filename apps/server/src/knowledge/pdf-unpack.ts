import { flateInflatedLength } from './flate-length.js';
import { KnowledgeParseError } from './parse-error.js';

/**
 * How much a PDF's compressed streams may inflate to, together: at most `ratio` times the file's
 * size (page text and fonts inflate some 2 to 10 times, screenshots and charts kept as Flate
 * pictures up to about 50, a bomb a thousand; JPEG pictures are not inflated and do not count),
 * never less than `floorBytes` (a small file with a picture or two), nor more than `maxBytes`
 * (pdf.js holds a stream it reads, a page's content streams joined, inflated outside the worker's
 * heap limit, at its peak two to three and a half times over: this keeps that near the 512 MB heap).
 */
export const pdfUnpackLimits = { ratio: 100, floorBytes: 16 * 1024 * 1024, maxBytes: 128 * 1024 * 1024 } as const;

/** The most the streams of a PDF of this many bytes may inflate to. */
export function pdfUnpackCap(fileBytes: number, limits: typeof pdfUnpackLimits = pdfUnpackLimits): number {
  return Math.min(limits.maxBytes, Math.max(limits.floorBytes, fileBytes * limits.ratio));
}

const streamKeyword = Buffer.from('stream', 'latin1');
const lineFeed = 0x0a;
const carriageReturn = 0x0d;

/** PDF white space and delimiters: what may stand next to a keyword (the `d` of `endstream` may not). */
function separates(byte: number | undefined): boolean {
  return byte === undefined || byte <= 0x20 || '()<>[]{}/%'.includes(String.fromCharCode(byte));
}

/** A zlib header pdf.js's FlateStream takes: deflate, a valid check, no preset dictionary (it ignores the window size). */
function isZlibHeader(method: number | undefined, flags: number | undefined): boolean {
  if (method === undefined || flags === undefined) return false;
  return (method & 0x0f) === 8 && ((method << 8) | flags) % 31 === 0 && (flags & 0x20) === 0;
}

/**
 * Where the deflate data of each stream that starts with a zlib header begins: after a `stream`
 * keyword, the rest of its line and the line break (as pdf.js skips them), and the two-byte header.
 * The dictionary is not read: pdf.js also takes /F, /Fl and names spelt with #xx escapes, and a
 * body without such a header is one its FlateStream refuses.
 */
function* deflateStarts(pdf: Buffer): Generator<number> {
  // the line break after the last keyword; keywords only move forward, so the file is walked once
  let lineBreak = -1;
  for (let at = pdf.indexOf(streamKeyword); at >= 0; at = pdf.indexOf(streamKeyword, at + streamKeyword.length)) {
    const after = at + streamKeyword.length;
    if (!separates(pdf[at - 1]) || !separates(pdf[after])) continue;
    if (lineBreak < after) {
      lineBreak = after;
      while (lineBreak < pdf.length && pdf[lineBreak] !== lineFeed && pdf[lineBreak] !== carriageReturn) lineBreak += 1;
    }
    const body = lineBreak + (pdf[lineBreak] === carriageReturn && pdf[lineBreak + 1] === lineFeed ? 2 : 1);
    if (isZlibHeader(pdf[body], pdf[body + 1])) yield body + 2;
  }
}

/**
 * Fails a PDF whose Flate streams inflate to more than `capBytes` together, before pdf.js inflates
 * them into memory the worker's heap limit does not see. No declared /Length or /DL is trusted:
 * each stream is inflated as pdf.js would from where its data starts, with the rest of the file
 * as input, until its last block, until it cannot go on (what it gave until then counts), or past
 * what is left of the cap. Only lengths are counted. Object streams count too.
 */
export function checkPdfUnpackedSize(bytes: Uint8Array, capBytes: number): void {
  const pdf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let total = 0;
  for (const start of deflateStarts(pdf)) {
    total += flateInflatedLength(pdf, start, capBytes - total);
    if (total > capBytes) throw new KnowledgeParseError({ code: 'pdfUnpacksTooLarge', params: { maxBytes: capBytes } });
  }
}
