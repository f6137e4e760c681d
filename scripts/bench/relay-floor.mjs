// The floor for `npm run bench:relay`: the least any Node relay of a model's stream must do, with
// nothing of Parley's in it — take the question over HTTP, ask the model service (undici, one
// keep-alive pool), read its server-sent events, and pass the text on as SSE frames, coalesced
// like the app's (the first delta at once, then at most one frame per 30 ms). No token check,
// database, retrieval, prompt building, saving or metrics. The bench runs the same levels
// against it, so the app's figures can be read against what this machine and Node cost anyway.
//   node scripts/bench/relay-floor.mjs --port 0 --upstream http://127.0.0.1:PORT/v1
// Prints `RELAY_FLOOR_URL=<origin>` once listening; answers the app's completions path.
import { createServer } from 'node:http';
import { finished } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import { parseArgs } from 'node:util';
import { Agent, request } from 'undici';

const { values } = parseArgs({ options: { port: { type: 'string', default: '0' }, upstream: { type: 'string' } } });
if (!values.upstream) throw new Error('--upstream <base URL incl. /v1> is required');
const completionsUrl = `${values.upstream.replace(/\/$/, '')}/chat/completions`;
const frameMs = 30;
const dispatcher = new Agent({ connections: null, keepAliveTimeout: 30_000 });

async function readJson(req) {
  let body = '';
  for await (const part of req) body += part;
  return JSON.parse(body);
}

async function relay(req, res) {
  const { content } = await readJson(req);
  const upstream = await request(completionsUrl, {
    method: 'POST',
    dispatcher,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'bench-model', stream: true, messages: [{ role: 'user', content }] }),
  });
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  res.write('event: start\ndata: {}\n\n');
  let pending = '';
  let lastFrameAt = 0;
  let timer = null;
  const flush = () => {
    timer = null;
    if (pending === '') return;
    res.write(`event: delta\ndata: ${JSON.stringify({ text: pending })}\n\n`);
    pending = '';
    lastFrameAt = performance.now();
  };
  const decoder = new StringDecoder('utf8');
  let buffered = '';
  // 'data' events, as the app reads: no promise per network read.
  upstream.body.on('data', (bytes) => {
    buffered += decoder.write(bytes);
    let end;
    while ((end = buffered.indexOf('\n\n')) !== -1) {
      const event = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      if (!event.startsWith('data: ') || event.startsWith('data: [DONE]')) continue;
      pending += JSON.parse(event.slice(6)).choices?.[0]?.delta?.content ?? '';
    }
    if (pending === '' || timer) return;
    const wait = lastFrameAt + frameMs - performance.now();
    if (wait <= 0) flush();
    else timer = setTimeout(flush, wait);
  });
  await finished(upstream.body);
  clearTimeout(timer);
  flush();
  res.end('event: done\ndata: {"status":"done"}\n\n');
}

const server = createServer((req, res) => {
  relay(req, res).catch((error) => {
    if (!res.headersSent) res.writeHead(502);
    res.end(`event: error\ndata: ${JSON.stringify({ message: String(error?.message ?? error) })}\n\n`);
  });
});
server.listen(Number(values.port), '127.0.0.1', () => {
  process.stdout.write(`RELAY_FLOOR_URL=http://127.0.0.1:${server.address().port}\n`);
});
for (const signal of ['SIGTERM', 'SIGINT']) process.once(signal, () => server.close(() => process.exit(0)));
