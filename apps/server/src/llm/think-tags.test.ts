import { describe, expect, it } from 'vitest';
import { createThinkSplitter } from './think-tags.js';

/** Feeds the pieces one by one and joins what came out of each side. */
function split(pieces: string[]) {
  const splitter = createThinkSplitter();
  let reasoning = '';
  let answer = '';
  for (const piece of [...pieces.map((text) => splitter.push(text)), splitter.flush()]) {
    reasoning += piece.reasoning;
    answer += piece.answer;
  }
  return { reasoning, answer };
}

describe('thinking written inline between <think> tags', () => {
  it('goes to the thinking, and what follows the closing tag to the answer', () => {
    expect(split(['<think>', 'Weigh the ', 'options.', '</think>', '\n\nThe answer.'])).toEqual({ reasoning: 'Weigh the options.', answer: 'The answer.' });
  });

  it('is found when the tags arrive cut into pieces, after leading whitespace', () => {
    expect(split(['\n', '<th', 'ink>Hmm', '.</', 'thi', 'nk>Yes', '.'])).toEqual({ reasoning: 'Hmm.', answer: 'Yes.' });
  });

  it('is only thinking at the very start: a tag later in the answer is answer text', () => {
    expect(split(['Use ', '<think>', ' in prompts.'])).toEqual({ reasoning: '', answer: 'Use <think> in prompts.' });
  });

  it('leaves an answer that begins with something else alone, even a "<"', () => {
    expect(split(['<b>', 'bold'])).toEqual({ reasoning: '', answer: '<b>bold' });
    expect(split(['<'])).toEqual({ reasoning: '', answer: '<' });
  });

  it('keeps thinking that never closed (the answer was cut) as thinking', () => {
    expect(split(['<think>Still thinking </th'])).toEqual({ reasoning: 'Still thinking </th', answer: '' });
  });
});
