import { describe, expect, it } from 'vitest';
import { answeredTurns, type ContextRow } from './context-turns.js';

const user = (content: string): ContextRow => ({ role: 'user', content, status: 'done' });
const answer = (content: string, status: ContextRow['status'] = 'done'): ContextRow => ({ role: 'assistant', content, status });

describe('the turns a later prompt carries', () => {
  it('pairs each question with the answer it got', () => {
    expect(answeredTurns([user('Hi'), answer('Hello'), user('Spread?'), answer('A gap.')])).toEqual([
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello' },
      { role: 'user', content: 'Spread?' },
      { role: 'assistant', content: 'A gap.' },
    ]);
  });

  it('leaves out a question whose answer failed, with the failed answer', () => {
    expect(answeredTurns([user('Too long?'), answer('Half', 'error'), user('Short?'), answer('Yes.')])).toEqual([
      { role: 'user', content: 'Short?' },
      { role: 'assistant', content: 'Yes.' },
    ]);
  });

  it('leaves out a question that got no answer, or an empty one, and keeps what a stopped answer wrote', () => {
    expect(answeredTurns([user('Lonely'), user('Empty'), answer(''), user('Stopped'), answer('Part', 'stopped')])).toEqual([
      { role: 'user', content: 'Stopped' },
      { role: 'assistant', content: 'Part' },
    ]);
  });

  it('drops an answer whose question is older than the rows read', () => {
    expect(answeredTurns([answer('Orphan'), user('Q'), answer('A')])).toEqual([
      { role: 'user', content: 'Q' },
      { role: 'assistant', content: 'A' },
    ]);
  });
});
