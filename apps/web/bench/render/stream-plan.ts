/**
 * Cuts the fixed answer into the deltas a model stream would send. A "token" is a word with
 * its leading space, up to three digits, one or two other characters, or a whitespace run:
 * close to what a BPE tokenizer makes of English prose and code, and deterministic.
 */
const tokenPattern = / ?[A-Za-z]{1,10}| ?\d{1,3}| ?[^\sA-Za-z\d]{1,2}|\s+/g;

export function tokenize(text: string): string[] {
  return text.match(tokenPattern) ?? [];
}

/** mulberry32: a tiny seeded generator, so every run streams the same deltas. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface StreamPlan {
  tokens: number;
  deltas: string[];
}

/** Groups the tokens 2 to 4 at a time, as providers flush them. */
export function planStream(text: string, seed: number): StreamPlan {
  const tokens = tokenize(text);
  const random = seededRandom(seed);
  const deltas: string[] = [];
  for (let index = 0; index < tokens.length; ) {
    const size = 2 + Math.floor(random() * 3);
    deltas.push(tokens.slice(index, index + size).join(''));
    index += size;
  }
  return { tokens: tokens.length, deltas };
}
