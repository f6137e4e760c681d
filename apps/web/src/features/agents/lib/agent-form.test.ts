import { describe, expect, it } from 'vitest';
import type { AgentDetail } from '@parley/contracts';
import { emptyAgentForm, fieldProblems, formOfAgent, inputOfForm, sameForm } from './agent-form';

describe('the agent form', () => {
  it('starts with the defaults of a new agent: private, sampling left to each user (sliders at 0.8 and 1)', () => {
    expect(emptyAgentForm()).toMatchObject({ visibility: 'private', fixSampling: false, temperature: 0.8, top_p: 1, category: 'general', model: null, suggestedQuestions: [] });
    expect(inputOfForm(emptyAgentForm())).toMatchObject({ temperature: null, top_p: null });
    expect(inputOfForm(emptyAgentForm())).not.toHaveProperty('fixSampling');
  });

  it('sends temperature and top_p only when the agent fixes them, and reads them back the same way', () => {
    expect(inputOfForm({ ...emptyAgentForm(), fixSampling: true, temperature: 1.3, top_p: 0.4 })).toMatchObject({ temperature: 1.3, top_p: 0.4 });
    const saved = { ...emptyAgentForm(), temperature: 1.3, top_p: 0.4 };
    const agent = { ...inputOfForm({ ...saved, fixSampling: true }), id: 'a1' } as unknown as AgentDetail;
    expect(formOfAgent(agent)).toMatchObject({ fixSampling: true, temperature: 1.3, top_p: 0.4 });
    expect(formOfAgent({ ...agent, temperature: null, top_p: null })).toMatchObject({ fixSampling: false, temperature: 0.8, top_p: 1 });
  });

  it('sends trimmed texts and leaves blank suggested questions out', () => {
    const input = inputOfForm({ ...emptyAgentForm(), name: '  汇率助手 ', suggestedQuestions: [' 什么是点差？', '   ', 'Why?'] });
    expect(input.name).toBe('汇率助手');
    expect(input.suggestedQuestions).toEqual(['什么是点差？', 'Why?']);
  });

  it('counts whitespace-only edits as no change', () => {
    const saved = { ...emptyAgentForm(), name: 'Tutor' };
    expect(sameForm(saved, { ...saved, name: 'Tutor  ' })).toBe(true);
    expect(sameForm(saved, { ...saved, fixSampling: true })).toBe(false);
    expect(sameForm({ ...saved, fixSampling: true }, { ...saved, fixSampling: true, temperature: 1.2 })).toBe(false);
  });
});

describe('server field problems', () => {
  it('maps validation paths onto form fields, list items by index', () => {
    expect(fieldProblems([{ path: 'name', message: 'Please enter name' }, { path: 'suggestedQuestions.2', message: 'too long' }])).toEqual([
      { name: ['name'], message: 'Please enter name' },
      { name: ['suggestedQuestions', 2], message: 'too long' },
    ]);
  });

  it('reads a blocked publish, whichever check refused it', () => {
    expect(fieldProblems([{ path: 'intro', message: 'contains a blocked word', source: 'keywords' }])).toEqual([{ name: ['intro'], message: 'contains a blocked word', source: 'keywords' }]);
  });

  it('has nothing to say about other answers', () => {
    expect(fieldProblems(null)).toEqual([]);
    expect(fieldProblems({ reason: 'x' })).toEqual([]);
  });
});
