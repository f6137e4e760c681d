// Runs the fake OpenAI-compatible server as its own process, for end-to-end tests and benchmarks:
//   npx tsx apps/server/test/fake-openai/cli.ts --port 0 --tokens 500 --interval 5
// Prints `FAKE_OPENAI_URL=<base URL incl. /v1>` once listening. While running, POST
// /__fake/scenario changes the behaviour, POST /__fake/proceed lets answers paused by the
// scenario's `pauseAfter` go on, GET /__fake/requests lists what it saw, POST /__fake/reset
// forgets it.
import { parseArgs } from 'node:util';
import type { FakeScenario } from './scenarios.js';
import { startFakeOpenAI } from './server.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    tokens: { type: 'string' },
    text: { type: 'string' },
    interval: { type: 'string', default: '0' },
    'first-token-delay': { type: 'string', default: '0' },
    echo: { type: 'boolean', default: false },
    models: { type: 'string', default: 'fake-model' },
    'api-key': { type: 'string' },
  },
});

const intervalMs = Number(values.interval);
const scenario: FakeScenario = values.echo
  ? { kind: 'echo', intervalMs }
  : {
      kind: 'ok',
      intervalMs,
      firstTokenDelayMs: Number(values['first-token-delay']),
      ...(values.tokens !== undefined ? { count: Number(values.tokens) } : {}),
      ...(values.text !== undefined ? { text: values.text } : {}),
    };

const fake = await startFakeOpenAI({
  port: Number(values.port),
  host: values.host,
  scenario,
  models: values.models.split(',').map((model) => model.trim()),
  ...(values['api-key'] ? { apiKey: values['api-key'] } : {}),
});
process.stdout.write(`FAKE_OPENAI_URL=${fake.url}\n`);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    fake.close().finally(() => process.exit(0));
  });
}
