import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { createRequestFetch, nodeBodyOf } from './request-fetch.js';

const seen: { method?: string; headers: IncomingMessage['headers']; body: string }[] = [];
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (part: Buffer) => (body += part.toString()));
  req.on('end', () => {
    seen.push({ method: req.method, headers: req.headers, body });
    if (req.url === '/refused') {
      res.writeHead(429, { 'content-type': 'application/json', 'x-request-id': 'r1' });
      res.end('{"error":{"message":"slow down"}}');
    } else if (req.url === '/vllm-refused') {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end('{"object":"error","message":"bad request","type":"BadRequestError","param":null,"code":400}');
    } else if (req.url === '/empty') {
      res.writeHead(204).end();
    } else {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'set-cookie': ['a=1', 'b=2'] });
      res.write('data: one\n\n');
      setTimeout(() => res.end('data: two\n\n'), 20);
    }
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const dispatcher = new Agent();
const requestFetch = createRequestFetch(dispatcher);
afterAll(async () => {
  await dispatcher.close();
  await new Promise((resolve) => server.close(resolve));
});

async function textOf(body: AsyncIterable<Uint8Array>) {
  let text = '';
  for await (const part of body) text += Buffer.from(part).toString();
  return text;
}

describe('the fetch the OpenAI SDK is given', () => {
  it('sends method, headers and body, and hands a successful body over as a Node stream', async () => {
    const response = await requestFetch(`${origin}/v1/chat/completions`, {
      method: 'POST',
      headers: new Headers({ authorization: 'Bearer k', 'content-type': 'application/json' }),
      body: '{"stream":true}',
    });

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(response.headers.get('set-cookie')).toBe('a=1, b=2');
    const body = nodeBodyOf(response);
    expect(body).toBeDefined();
    expect(await textOf(body as AsyncIterable<Uint8Array>)).toBe('data: one\n\ndata: two\n\n');
    expect(seen.at(-1)).toMatchObject({ method: 'POST', body: '{"stream":true}', headers: { authorization: 'Bearer k' } });
  });

  it('lets the SDK read a refusal the usual way', async () => {
    const response = await requestFetch(`${origin}/refused`, { method: 'POST', body: '{}' });

    expect(response.ok).toBe(false);
    expect(response.status).toBe(429);
    expect(response.headers.get('x-request-id')).toBe('r1');
    expect(await response.json()).toEqual({ error: { message: 'slow down', type: null, code: null } });
  });

  it("rewrites another vendor's error shape into OpenAI's, so the SDK keeps its message (vLLM before 0.10)", async () => {
    const response = await requestFetch(`${origin}/vllm-refused`, { method: 'POST', body: '{}' });

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { message: 'bad request', type: 'BadRequestError', code: 400 } });
  });

  it('answers a bodiless status with a null body', async () => {
    const response = await requestFetch(`${origin}/empty`, { method: 'GET' });

    expect(response.status).toBe(204);
    expect(response.body).toBeNull();
  });

  it('fails like fetch when aborted before the response', async () => {
    const controller = new AbortController();
    controller.abort();

    await expect(requestFetch(`${origin}/`, { method: 'GET', signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});
