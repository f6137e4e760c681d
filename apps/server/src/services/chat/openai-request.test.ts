import { describe, expect, it } from 'vitest';
import { openAIChatRequest } from '@parley/contracts';
import { OpenAIRefusal, readAgentQuestion } from './openai-request.js';

const agentId = '5f0c2a4e-8d1b-4c3a-9e2f-1a2b3c4d5e6f';
const read = (body: object) => readAgentQuestion(openAIChatRequest.parse({ model: agentId, ...body }), agentId);

describe('reading an OpenAI chat request for an agent', () => {
  it('takes the last user message as the question and earlier user and assistant turns as context', () => {
    const asked = read({
      messages: [
        { role: 'system', content: 'You are a pirate.' },
        { role: 'developer', content: 'Answer in French.' },
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: [{ type: 'text', text: 'Hello!' }, { type: 'image_url', image_url: { url: 'https://x' } }] },
        { role: 'tool', content: 'tool output', tool_call_id: 'a' },
        { role: 'assistant', content: null },
        { role: 'user', content: [{ type: 'text', text: 'What is' }, { type: 'text', text: 'a spread?' }] },
      ],
      temperature: 0.2,
      top_p: null,
    });
    expect(asked).toEqual({
      question: 'What is\na spread?',
      history: [
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello!' },
      ],
      params: { temperature: 0.2 },
      stream: false,
      includeUsage: false,
    });
  });

  it('streams, with usage last only when asked for both', () => {
    expect(read({ messages: [{ role: 'user', content: 'Hi' }], stream: true })).toMatchObject({ stream: true, includeUsage: false });
    expect(read({ messages: [{ role: 'user', content: 'Hi' }], stream: true, stream_options: { include_usage: true } })).toMatchObject({ includeUsage: true });
    expect(read({ messages: [{ role: 'user', content: 'Hi' }], stream_options: { include_usage: true } })).toMatchObject({ stream: false, includeUsage: false });
  });

  it('answers to the agent id or the alias "agent", and to no other model', () => {
    expect(readAgentQuestion(openAIChatRequest.parse({ model: 'agent', messages: [{ role: 'user', content: 'Hi' }] }), agentId).question).toBe('Hi');
    const refusal = (() => {
      try {
        readAgentQuestion(openAIChatRequest.parse({ model: 'gpt-4o', messages: [{ role: 'user', content: 'Hi' }] }), agentId);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(OpenAIRefusal);
    expect((refusal as OpenAIRefusal).body.error).toMatchObject({ code: 'model_not_found', param: 'model', message: expect.stringContaining(agentId) });
  });

  it('refuses a conversation that does not end in a question', () => {
    expect(() => read({ messages: [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello' }] })).toThrow('The last message must be the question');
    expect(() => read({ messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://x' } }] }] })).toThrow('no text');
  });
});
