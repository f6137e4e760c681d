import { describe, expect, it } from 'vitest';
import { groupQuestions } from './question-groups.js';

describe('grouping the questions asked most', () => {
  it('counts the same question however it is cased, spaced or punctuated as one, named by its newest wording', () => {
    expect(groupQuestions(['What is a spread?', 'what is a spread', 'What  is a SPREAD ?!', 'How do I withdraw?'], 10)).toEqual([
      { question: 'What is a spread?', count: 3, wordings: 1 },
      { question: 'How do I withdraw?', count: 1, wordings: 1 },
    ]);
  });

  it('groups other wordings of the same question, and keeps different ones apart', () => {
    const groups = groupQuestions(['What are spreads?', 'What is the spread on gold?', 'what is spread', 'Is leverage risky?', 'Is high leverage risky?'], 10);
    expect(groups).toEqual([
      { question: 'What are spreads?', count: 2, wordings: 2 },
      { question: 'Is leverage risky?', count: 2, wordings: 2 },
      { question: 'What is the spread on gold?', count: 1, wordings: 1 },
    ]);
  });

  it('groups Chinese questions by their words', () => {
    expect(groupQuestions(['什么是点差？', '点差是什么', '怎么出金'], 10)).toEqual([
      { question: '什么是点差？', count: 2, wordings: 2 },
      { question: '怎么出金', count: 1, wordings: 1 },
    ]);
  });

  it('keeps the largest groups up to the limit, and skips blank questions', () => {
    expect(groupQuestions(['How do I deposit?', '  ', 'How do I withdraw?', 'how do I withdraw'], 1)).toEqual([{ question: 'How do I withdraw?', count: 2, wordings: 1 }]);
  });
});
