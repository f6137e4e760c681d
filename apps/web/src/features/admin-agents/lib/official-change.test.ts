import type { OfficialData } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { formOf, officialChange } from './official-change';

const builtIn = { name: '智能客服', intro: 'Built-in intro', avatarUrl: null, openingMessage: 'Hello', suggestedQuestions: ['Q1', 'Q2'], systemPrompt: 'Be kind' };
const data: OfficialData = {
  id: 'official',
  current: { ...builtIn, name: 'Desk', avatarUrl: '/files/avatars/owl.svg' },
  builtIn,
  changed: ['name', 'avatarUrl'],
};

describe('what the official assistant form sends', () => {
  it('sends nothing when nothing changed, whatever the spaces around the texts', () => {
    const form = formOf(data.current);
    expect(officialChange(data, { ...form, intro: ' Built-in intro ', suggestedQuestions: ['Q1', 'Q2', '  '] }, new Set())).toEqual({});
  });

  it('sends only the fields that differ, trimmed, questions without blanks', () => {
    const form = { ...formOf(data.current), openingMessage: ' Hi there ', suggestedQuestions: ['Q1', '', 'Q3 '] };
    expect(officialChange(data, form, new Set())).toEqual({ openingMessage: 'Hi there', suggestedQuestions: ['Q1', 'Q3'] });
  });

  it('sends null for a changed field set back to its built-in text, and nothing for one that already follows it', () => {
    const form = formOf(data.current);
    expect(officialChange(data, form, new Set(['name', 'intro']))).toEqual({ name: null });
  });

  it('treats a cleared avatar as back to the built-in one', () => {
    expect(officialChange(data, { ...formOf(data.current), avatarUrl: '  ' }, new Set())).toEqual({ avatarUrl: null });
  });
});
