import { describe, expect, it } from 'vitest';
import type { ThreadItem } from '../api/chat-thread';
import type { MessageRow } from './message-rows';
import { charsPerLineAt, estimateRowHeight } from './row-height';

const row = (content: string): MessageRow => ({ kind: 'item', key: 'm1', item: { content } as ThreadItem, isLastAnswer: false });

describe('a message row height guess', () => {
  it('grows with the lines the text wraps to, counting blank lines', () => {
    const one = estimateRowHeight(row('Hello'), 60);
    expect(estimateRowHeight(row('x'.repeat(120)), 60)).toBeGreaterThan(one);
    expect(estimateRowHeight(row('a\n\nb'), 60)).toBe(estimateRowHeight(row('a\nb\nc'), 60));
  });

  it('comes close to a long question as a desktop browser lays it out (880 px)', () => {
    const paragraph = 'Paragraph about token buckets: '.padEnd(330, 'x ');
    const question = ['Question 1 of 1', paragraph, paragraph, '- first\n- second\n- third', paragraph, paragraph].join('\n\n');
    const height = estimateRowHeight(row(question), charsPerLineAt(1280));
    expect(height).toBeGreaterThan(700);
    expect(height).toBeLessThan(1000);
  });

  it('reads the text of a question and an answer in flight', () => {
    const live = { kind: 'live-answer', key: 'a', live: { text: 'y'.repeat(600) } } as MessageRow;
    expect(estimateRowHeight(live, 30)).toBeGreaterThan(estimateRowHeight({ kind: 'live-question', key: 'q', content: 'hi' }, 30));
  });
});
