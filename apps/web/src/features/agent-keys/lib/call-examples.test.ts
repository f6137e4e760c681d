import { describe, expect, it } from 'vitest';
import { curlExample, openaiSdkExample } from './call-examples';

const target = { baseUrl: 'https://parley.example/v1', model: '0b1c2d3e-agent', secret: 'pk_secret', question: "What's a pip?" };

describe('the examples shown with a new key', () => {
  it('call the chat completions endpoint with curl, the key as Bearer token and the agent as model, quoted for the shell', () => {
    expect(curlExample(target)).toBe(
      [
        'curl https://parley.example/v1/chat/completions \\',
        "  -H 'Authorization: Bearer pk_secret' \\",
        "  -H 'Content-Type: application/json' \\",
        `  -d '{`,
        '  "model": "0b1c2d3e-agent",',
        `  "messages": [{"role": "user", "content": "What'\\''s a pip?"}]`,
        "}'",
      ].join('\n'),
    );
  });

  it('set up the openai package with the base URL, the key and the agent as model', () => {
    const code = openaiSdkExample(target);
    expect(code).toContain("import OpenAI from 'openai';");
    expect(code).toContain('baseURL: "https://parley.example/v1",');
    expect(code).toContain('apiKey: "pk_secret",');
    expect(code).toContain('model: "0b1c2d3e-agent",');
    expect(code).toContain(`messages: [{ role: 'user', content: "What's a pip?" }],`);
  });
});
