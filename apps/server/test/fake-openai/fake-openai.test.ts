import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI } from './index.js';

// The provider tests drive the streaming scenarios; these cover what only other callers use.
const fake = await startFakeOpenAI({ models: ['model-a', 'model-b'], apiKey: 'secret' });
afterAll(() => fake.close());
beforeEach(() => {
  fake.reset();
  fake.setScenario({ kind: 'ok' });
});

const auth = { authorization: 'Bearer secret', 'content-type': 'application/json' };
const messages = [
  { role: 'system', content: 'Be brief.' },
  { role: 'user', content: 'first question' },
];

function complete(body: object, headers: Record<string, string> = auth) {
  return fetch(`${fake.url}/chat/completions`, { method: 'POST', headers, body: JSON.stringify(body) });
}

describe('the fake OpenAI-compatible server', () => {
  it('lists its models', async () => {
    const list = (await (await fetch(`${fake.url}/models`)).json()) as { data: { id: string }[] };

    expect(list.data.map((model) => model.id)).toEqual(['model-a', 'model-b']);
  });

  it('answers without streaming as one chat.completion', async () => {
    fake.setScenario({ kind: 'ok', text: 'All in one piece.' });

    const completion = await (await complete({ model: 'model-a', messages })).json();

    expect(completion).toMatchObject({
      object: 'chat.completion',
      model: 'model-a',
      choices: [{ index: 0, message: { role: 'assistant', content: 'All in one piece.' }, finish_reason: 'stop' }],
      usage: { completion_tokens: 4 },
    });
  });

  it('streams OpenAI chunks, a usage chunk when asked, then [DONE], and records the request', async () => {
    fake.setScenario({ kind: 'echo', format: 'transcript' });

    const body = await (
      await complete({ model: 'model-b', messages, stream: true, stream_options: { include_usage: true } })
    ).text();
    const events = body.split('\n\n').filter(Boolean);
    const chunks = events.slice(0, -1).map((event) => JSON.parse(event.slice('data: '.length)));

    expect(events.at(-1)).toBe('data: [DONE]');
    expect(chunks[0]).toMatchObject({ object: 'chat.completion.chunk', model: 'model-b' });
    expect(chunks[0].choices[0].delta.role).toBe('assistant');
    expect(chunks.at(-2).choices[0].finish_reason).toBe('stop');
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { completion_tokens: expect.any(Number) } });
    const text = chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('');
    expect(text).toBe('system: Be brief.\nuser: first question');
    expect(fake.requests).toMatchObject([{ body: { model: 'model-b' }, finished: true, closedEarly: false }]);
    expect(fake.requests[0]?.bytesSent).toBe(Buffer.byteLength(body));
    expect(fake.requests[0]?.firstChunkSentAt).toBeGreaterThanOrEqual(fake.requests[0]?.receivedAt ?? Infinity);
  });

  it('pauses an answer after `pauseAfter` chunks until told to proceed', async () => {
    fake.setScenario({ kind: 'ok', tokens: ['one ', 'two ', 'three'], pauseAfter: 2 });
    const reader = (await complete({ model: 'model-a', messages, stream: true })).body!.pipeThrough(new TextDecoderStream()).getReader();
    let body = '';
    while ((body.match(/^data: /gm) ?? []).length < 2) {
      const part = await reader.read();
      if (part.done) break;
      body += part.value;
    }
    const before = body;

    // nothing more comes while it waits
    const next = reader.read();
    expect(await Promise.race([next.then(() => 'more'), new Promise((resolve) => setTimeout(resolve, 100, 'waiting'))])).toBe('waiting');
    expect(fake.requests[0]?.finished).toBe(false);

    fake.proceed();
    body += (await next).value ?? '';
    for (let part = await reader.read(); !part.done; part = await reader.read()) body += part.value;
    const text = body
      .split('\n\n')
      .filter((event) => event.startsWith('data: {'))
      .map((event) => JSON.parse(event.slice('data: '.length)).choices[0]?.delta.content ?? '')
      .join('');
    expect(before).not.toContain('three');
    expect(text).toBe('one two three');
  });

  it('refuses a wrong API key with an OpenAI-style 401', async () => {
    const response = await complete({ model: 'model-a', messages }, { authorization: 'Bearer wrong' });

    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: unknown }).error).toMatchObject({ code: 'invalid_api_key', type: 'invalid_request_error' });
  });

  it('can be steered and read over HTTP when it runs as a separate process', async () => {
    const origin = new URL(fake.url).origin;
    await fetch(`${origin}/__fake/scenario`, {
      method: 'POST',
      body: JSON.stringify({ kind: 'httpError', status: 429 }),
    });

    expect((await complete({ model: 'model-a', messages })).status).toBe(429);
    const { requests } = (await (await fetch(`${origin}/__fake/requests`)).json()) as { requests: unknown[] };
    expect(requests).toHaveLength(1);
    await fetch(`${origin}/__fake/reset`, { method: 'POST' });
    expect(fake.requests).toHaveLength(0);
  });
});
