/**
 * The fake's stand-in for an embedding model — a TEST PEER, not a model: hashed character
 * n-grams (trigrams of each Latin word, single characters and pairs of CJK text) counted into
 * `dimensions` buckets and normalised to length 1. Deterministic, so texts sharing spelling
 * (a typo, a plural, a word inside a longer one) come out close, which is enough for tests and
 * the bench to exercise the /embeddings path and rank fusion. Real models capture meaning.
 */
export const fakeEmbeddingDimensions = 256;

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

const cjk = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

function* grams(text: string): Generator<string> {
  for (const [run] of text.normalize('NFKC').toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)) {
    if (cjk.test(run)) {
      const chars = [...run];
      for (let index = 0; index < chars.length; index++) {
        yield chars[index] as string;
        if (index + 1 < chars.length) yield `${chars[index]}${chars[index + 1]}`;
      }
      continue;
    }
    const padded = `#${run}#`;
    for (let index = 0; index + 3 <= padded.length; index++) yield padded.slice(index, index + 3);
  }
}

export function fakeEmbedding(text: string, dimensions = fakeEmbeddingDimensions): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const gram of grams(text)) {
    const hash = fnv1a(gram);
    vector[hash % dimensions]! += hash & 0x80000000 ? -1 : 1;
  }
  const length = Math.hypot(...vector);
  // an input with no letters at all still gets a valid (unit) vector
  if (length === 0) return vector.map((_, index) => (index === 0 ? 1 : 0));
  return vector.map((value) => value / length);
}
