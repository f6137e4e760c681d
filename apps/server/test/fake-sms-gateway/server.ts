import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local SMS gateway that speaks the protocol of the HTTP sender (src/services/accounts/sms-sender.ts)
 * over real HTTP: `POST /send` with a JSON message and `Authorization: Bearer <token>`.
 * Tests and the Playwright journey read delivered codes back through `/__fake/*`.
 */
export interface FakeSmsMessage {
  to: string;
  areaCode: string;
  phone: string;
  message: string;
  code: string;
  purpose: string;
  reference: string;
  /** The Authorization header the gateway received. */
  authorization: string | null;
  receivedAt: string;
}

export interface FakeSmsGatewayOptions {
  port?: number;
  host?: string;
  /** When set, sends without `Authorization: Bearer <token>` get a 401. */
  token?: string;
}

export interface FakeSmsGateway {
  /** The URL SMS_GATEWAY_URL takes (`.../send`). */
  url: string;
  /** Base URL of the gateway, for the `/__fake` endpoints. */
  baseUrl: string;
  messages: FakeSmsMessage[];
  /** The last code delivered to a phone (any area code), or undefined. */
  lastCode(phone: string): string | undefined;
  /** The next `count` sends answer `status` (to test delivery failures). */
  failNext(status: number, count?: number): void;
  reset(): void;
  close(): Promise<void>;
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

function isMessage(body: unknown): body is Omit<FakeSmsMessage, 'authorization' | 'receivedAt'> {
  const b = body as Record<string, unknown> | null;
  return (
    !!b &&
    ['to', 'areaCode', 'phone', 'message', 'code', 'purpose', 'reference'].every((key) => typeof b[key] === 'string')
  );
}

export async function startFakeSmsGateway(options: FakeSmsGatewayOptions = {}): Promise<FakeSmsGateway> {
  const messages: FakeSmsMessage[] = [];
  let failures: { status: number; count: number } | null = null;

  const lastMessage = (phone: string) => messages.findLast((m) => m.phone === phone);

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const route = `${req.method} ${url.pathname}`;
    if (route === 'POST /send') {
      const authorization = req.headers.authorization ?? null;
      if (options.token && authorization !== `Bearer ${options.token}`) {
        return sendJson(res, 401, { error: 'bad token' });
      }
      if (failures && failures.count > 0) {
        failures.count -= 1;
        return sendJson(res, failures.status, { error: 'gateway told to fail' });
      }
      const body = await readJson(req);
      if (!isMessage(body)) return sendJson(res, 400, { error: 'missing fields' });
      messages.push({ ...body, authorization, receivedAt: new Date().toISOString() });
      return sendJson(res, 200, { id: `fake-${messages.length}`, status: 'queued' });
    }
    if (route === 'GET /__fake/last-code') {
      const found = lastMessage(url.searchParams.get('phone') ?? '');
      return found ? sendJson(res, 200, found) : sendJson(res, 404, { error: 'no message for this phone' });
    }
    if (route === 'GET /__fake/messages') return sendJson(res, 200, messages);
    if (route === 'POST /__fake/reset') {
      messages.length = 0;
      failures = null;
      return sendJson(res, 200, { ok: true });
    }
    return sendJson(res, 404, { error: `no route ${route}` });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => sendJson(res, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port, address } = server.address() as AddressInfo;
  const baseUrl = `http://${address}:${port}`;

  return {
    url: `${baseUrl}/send`,
    baseUrl,
    messages,
    lastCode: (phone) => lastMessage(phone)?.code,
    failNext(status, count = 1) {
      failures = { status, count };
    },
    reset() {
      messages.length = 0;
      failures = null;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
