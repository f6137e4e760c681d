import { analyse } from 'chardet';

/** Enough text for the detector to judge; a whole 20 MB file would only cost time. */
const sampleBytes = 64 * 1024;
/** Below this the detector is guessing (a few words of CJK score 10 to 30 for half a dozen encodings). */
const confidentDetection = 50;

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}

/**
 * The encodings to try, most likely first: the one a byte order mark names; else UTF-8, what the
 * detector is sure of, GB18030 (short Chinese text, and Excel on Chinese Windows), then the
 * detector's other guesses.
 */
function candidateEncodings(bytes: Uint8Array): string[] {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return ['utf-8'];
  if (startsWith(bytes, [0xff, 0xfe])) return ['utf-16le'];
  if (startsWith(bytes, [0xfe, 0xff])) return ['utf-16be'];
  const guesses = analyse(bytes.subarray(0, sampleBytes)).filter((match) => match.confidence > 0);
  const best = guesses[0];
  const confident = best && best.confidence >= confidentDetection ? [best.name] : [];
  const names = ['utf-8', ...confident, 'gb18030', ...guesses.map((match) => match.name)];
  return [...new Set(names.map((name) => name.toLowerCase()))];
}

/**
 * Text in whatever encoding it was saved in (UTF-8 or UTF-16 with a byte order mark, Big5,
 * EUC-KR, Shift_JIS, GB18030, the Windows code pages ...), or null when no encoding reads it as
 * text: it must decode without errors and hold no NUL and few other control characters.
 */
export function decodeText(bytes: Uint8Array): string | null {
  for (const encoding of candidateEncodings(bytes)) {
    let text: string;
    try {
      // the constructor throws too, for names the detector knows and TextDecoder does not (UTF-32)
      text = new TextDecoder(encoding, { fatal: true, ignoreBOM: false }).decode(bytes);
    } catch {
      continue;
    }
    if (looksLikeText(text)) return text;
  }
  return null;
}

/** The characters of a text's beginning that the control-character rule reads. */
const sampleChars = 64 * 1024;

/**
 * decodeText for a file read in pieces, holding only its beginning: the encodings to try are
 * chosen from the head (its first 64 KB, or all of a shorter file), each reads every piece, and
 * `finish` answers the text's first 64 K characters in the first encoding that read all of it as
 * text, or null: what decodeText answers, cut to that beginning.
 */
export function createTextCheck(head: Uint8Array) {
  const readers = candidateEncodings(head).flatMap((encoding) => {
    try {
      return [{ decoder: new TextDecoder(encoding, { fatal: true, ignoreBOM: false }), start: '', failed: false }];
    } catch {
      return [];
    }
  });
  type Reader = (typeof readers)[number];
  const read = (reader: Reader, piece?: Uint8Array) => {
    try {
      const text = piece ? reader.decoder.decode(piece, { stream: true }) : reader.decoder.decode();
      if (text.includes('\u0000')) reader.failed = true;
      else if (reader.start.length < sampleChars) reader.start += text.slice(0, sampleChars - reader.start.length);
    } catch {
      reader.failed = true;
    }
  };
  return {
    push(piece: Uint8Array): void {
      for (const reader of readers) if (!reader.failed) read(reader, piece);
    },
    /** Some encoding still reads everything so far as text. */
    readable: () => readers.some((reader) => !reader.failed),
    finish(): string | null {
      for (const reader of readers) {
        if (reader.failed) continue;
        read(reader);
        if (!reader.failed && looksLikeText(reader.start)) return reader.start;
      }
      return null;
    },
  };
}

function looksLikeText(text: string): boolean {
  if (text.includes('\u0000')) return false;
  const sample = text.slice(0, sampleChars);
  let controls = 0;
  for (let index = 0; index < sample.length; index += 1) {
    const code = sample.charCodeAt(index);
    // tab, line feed, vertical tab, form feed and carriage return are text; other C0 controls and DEL are not
    if ((code < 0x20 && (code < 0x09 || code > 0x0d)) || code === 0x7f) controls += 1;
  }
  return controls <= sample.length / 100;
}
