// Runs the fake SMS gateway as its own process, for end-to-end tests:
//   npx tsx apps/server/test/fake-sms-gateway/cli.ts --port 0 [--token secret]
// Prints `FAKE_SMS_GATEWAY_URL=<url of POST /send>` once listening; give it to the server as
// SMS_SENDER=http SMS_GATEWAY_URL=<that url>. GET /__fake/last-code?phone=<digits> answers the
// last message to that phone ({code, message, purpose, ...}) or 404; POST /__fake/reset forgets.
import { parseArgs } from 'node:util';
import { startFakeSmsGateway } from './server.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    token: { type: 'string' },
  },
});

const gateway = await startFakeSmsGateway({
  port: Number(values.port),
  host: values.host,
  ...(values.token ? { token: values.token } : {}),
});
process.stdout.write(`FAKE_SMS_GATEWAY_URL=${gateway.url}\n`);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    gateway.close().finally(() => process.exit(0));
  });
}
