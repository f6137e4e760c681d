const open = '<think>';
const close = '</think>';

/** What a piece of streamed content holds: thinking and answer text, either possibly empty. */
export interface SplitText {
  reasoning: string;
  answer: string;
}

/**
 * Splits streamed content into the thinking a reasoning model writes inline, as
 * `<think>…</think>` at the very start of its answer (QwQ, DeepSeek-R1 and Qwen3 when the server
 * does not parse it out), and the answer after it. Tags may arrive cut across chunks: a piece
 * that could be the start of a tag waits for the next chunk. A `<think>` anywhere but the start
 * is answer text, as is everything of a model that never thinks.
 */
export function createThinkSplitter() {
  let state: 'start' | 'thinking' | 'answer' = 'start';
  let held = '';
  /** Right after `</think>`: the blank lines before the answer are dropped. */
  let afterThinking = false;

  function push(text: string): SplitText {
    if (state === 'answer') {
      if (!afterThinking) return { reasoning: '', answer: text };
      const answer = text.replace(/^\s+/, '');
      if (answer !== '') afterThinking = false;
      return { reasoning: '', answer };
    }
    held += text;
    if (state === 'start') {
      const trimmed = held.trimStart();
      if (trimmed === '' || (open.startsWith(trimmed) && trimmed.length < open.length)) return { reasoning: '', answer: '' };
      if (!trimmed.startsWith(open)) {
        state = 'answer';
        const answer = held;
        held = '';
        return { reasoning: '', answer };
      }
      state = 'thinking';
      held = trimmed.slice(open.length);
    }
    const end = held.indexOf(close);
    if (end >= 0) {
      const reasoning = held.slice(0, end);
      const answer = held.slice(end + close.length).replace(/^\s+/, '');
      held = '';
      state = 'answer';
      afterThinking = answer === '';
      return { reasoning, answer };
    }
    // keep back what could be the start of `</think>`
    const keep = partialSuffix(held, close);
    const reasoning = held.slice(0, held.length - keep);
    held = held.slice(held.length - keep);
    return { reasoning, answer: '' };
  }

  /** The end of the content: what was held back is what it looked like. */
  function flush(): SplitText {
    const rest = held;
    held = '';
    if (state === 'thinking') return { reasoning: rest, answer: '' };
    return { reasoning: '', answer: rest };
  }

  return { push, flush };
}

/** The length of the longest end of `text` that begins `tag`. */
function partialSuffix(text: string, tag: string): number {
  for (let length = Math.min(tag.length - 1, text.length); length > 0; length--) {
    if (text.endsWith(tag.slice(0, length))) return length;
  }
  return 0;
}
