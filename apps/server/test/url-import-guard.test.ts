import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress, type AddressPolicy } from '../src/platform/address-policy.js';
import { FetchRefusedError, guardedFetchJson, webPorts } from '../src/platform/guarded-fetch.js';

/**
 * The guarded fetch behind the online prompt import, over real HTTP. The test server listens on
 * 127.0.0.1, which the real policy refuses; so these tests inject a policy that allows exactly
 * that one address and keeps refusing everything else the real policy refuses.
 */
const allowTestServer: AddressPolicy = (address) => address === '127.0.0.1' || isPublicAddress(address);

let server: Server;
let base: string;
let port: number;

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? '/';
    if (path === '/list.json') {
      response.setHeader('content-type', 'application/json');
      response.end('[{"title":"A","content":"a"}]');
    } else if (path === '/raw.json') {
      // What raw.githubusercontent.com sends for .json files.
      response.setHeader('content-type', 'text/plain; charset=utf-8');
      response.end('\uFEFF[{"act":"B","prompt":"b"}]');
    } else if (path === '/page') {
      response.setHeader('content-type', 'text/html');
      response.end('<!doctype html><title>Not JSON</title>');
    } else if (path === '/broken') {
      response.setHeader('content-type', 'application/json');
      response.end('[{"title":');
    } else if (path === '/big') {
      response.setHeader('content-type', 'application/json');
      response.write('[');
      for (let i = 0; i < 300; i += 1) response.write(`${JSON.stringify({ title: `t${i}`, content: 'x'.repeat(1000) })},`);
      response.end('{}]');
    } else if (path === '/big-declared') {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(50_000_000) });
      response.write('[');
    } else if (path === '/slow') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('[');
    } else if (path === '/to-list') {
      response.writeHead(302, { location: '/list.json' }).end();
    } else if (path.startsWith('/to/')) {
      response.writeHead(302, { location: decodeURIComponent(path.slice(4)) }).end();
    } else if (path === '/loop') {
      response.writeHead(302, { location: '/loop' }).end();
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const limits = { timeoutMs: 3000, maxBytes: 100_000, maxRedirects: 3 };
/** The web's ports and the test server's, as an operator lists one in PROMPT_IMPORT_PORTS. */
const testPorts = () => new Set([...webPorts, port]);
const fetchJson = (url: string, policy: AddressPolicy = allowTestServer, overrides: Partial<typeof limits> & { ports?: ReadonlySet<number> } = {}) =>
  guardedFetchJson(url, { policy, ports: testPorts(), ...limits, ...overrides });

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FetchRefusedError);
  return (error as FetchRefusedError).reason;
}

describe('the guarded fetch of a prompt list', () => {
  it('returns the parsed JSON of an allowed address', async () => {
    expect(await fetchJson(`${base}/list.json`)).toEqual([{ title: 'A', content: 'a' }]);
  });

  it('reads JSON served as text/plain with a byte-order mark, as raw file hosts do', async () => {
    expect(await fetchJson(`${base}/raw.json`)).toEqual([{ act: 'B', prompt: 'b' }]);
  });

  it('follows a redirect to an allowed address', async () => {
    expect(await fetchJson(`${base}/to-list`)).toEqual([{ title: 'A', content: 'a' }]);
  });

  it('refuses the test server itself under the real policy (loopback)', async () => {
    expect(await refusal(fetchJson(`${base}/list.json`, isPublicAddress))).toBe('address');
  });

  it('refuses a name that resolves to loopback, checking the resolved address', async () => {
    expect(await refusal(fetchJson(`http://localhost:${port}/list.json`, isPublicAddress))).toBe('address');
  });

  it.each([
    ['decimal IPv4', 'http://2130706433/'],
    ['hex IPv4', 'http://0x7f000001/'],
    ['octal IPv4', 'http://0177.0.0.1/'],
    ['short IPv4', 'http://127.1/'],
    ['a second loopback address', 'http://127.0.0.2/'],
    ['private 10/8', 'http://10.0.0.1/'],
    ['private 172.16/12', 'http://172.16.5.4/'],
    ['private 192.168/16', 'http://192.168.0.1/'],
    ['link-local metadata', 'http://169.254.169.254/latest/meta-data/'],
    ['metadata in decimal', 'http://2852039166/'],
    ['carrier-grade NAT', 'http://100.64.0.1/'],
    ['"this network"', 'http://0.0.0.0/'],
    ['IPv6 loopback', 'http://[::1]/'],
    ['IPv6 unique local', 'http://[fd00:ec2::254]/'],
    ['IPv6 link-local', 'http://[fe80::1]/'],
    ['IPv4-mapped IPv6 loopback', 'http://[::ffff:127.0.0.1]/'],
    ['IPv4-mapped IPv6 private, hex', 'http://[::ffff:a00:1]/'],
    ['NAT64 of a private address', 'http://[64:ff9b::c0a8:1]/'],
  ])('refuses %s (%s) before connecting, under the real policy', async (_, url) => {
    expect(await refusal(fetchJson(url, isPublicAddress))).toBe('address');
  });

  it.each(['file:///etc/passwd', 'ftp://example.com/list.json', 'gopher://127.0.0.1/', 'not a url', `http://user:pw@127.0.0.1:1/`])(
    'refuses %s: http(s) only, no credentials',
    async (url) => {
      expect(await refusal(fetchJson(url))).toBe('protocol');
    },
  );

  it('refuses a redirect to loopback', async () => {
    const target = encodeURIComponent(`http://127.0.0.2:${port}/list.json`);
    expect(await refusal(fetchJson(`${base}/to/${target}`))).toBe('address');
  });

  it('refuses a redirect to an IPv6 loopback and to a metadata address', async () => {
    expect(await refusal(fetchJson(`${base}/to/${encodeURIComponent(`http://[::1]:${port}/list.json`)}`))).toBe('address');
    expect(await refusal(fetchJson(`${base}/to/${encodeURIComponent('http://169.254.169.254/')}`))).toBe('address');
  });

  it.each(['http://93.184.216.34:8080/list.json', 'https://example.com:22/', 'http://example.com:6379/', 'https://[2606:2800:220:1::]:8443/'])(
    'refuses %s before connecting: only 80, 443 and listed ports',
    async (url) => {
      expect(await refusal(fetchJson(url, isPublicAddress, { ports: webPorts }))).toBe('port');
    },
  );

  it('refuses the test server when its port is not listed, even where its address is allowed', async () => {
    expect(await refusal(fetchJson(`${base}/list.json`, allowTestServer, { ports: webPorts }))).toBe('port');
  });

  it('refuses a redirect to a port that is not listed', async () => {
    expect(await refusal(fetchJson(`${base}/to/${encodeURIComponent('http://127.0.0.1:6379/')}`))).toBe('port');
  });

  it('refuses a redirect to another protocol', async () => {
    expect(await refusal(fetchJson(`${base}/to/${encodeURIComponent('file:///etc/passwd')}`))).toBe('protocol');
  });

  it('gives up after the redirect limit', async () => {
    expect(await refusal(fetchJson(`${base}/loop`))).toBe('redirects');
  });

  it('refuses a body over the size limit, streamed or declared', async () => {
    expect(await refusal(fetchJson(`${base}/big`))).toBe('tooLarge');
    expect(await refusal(fetchJson(`${base}/big-declared`))).toBe('tooLarge');
  });

  it('gives up on a response that does not finish in time', async () => {
    const started = performance.now();
    expect(await refusal(fetchJson(`${base}/slow`, allowTestServer, { timeoutMs: 300 }))).toBe('timeout');
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('refuses HTML instead of JSON, and a body that is not JSON', async () => {
    expect(await refusal(fetchJson(`${base}/page`))).toBe('notJson');
    expect(await refusal(fetchJson(`${base}/broken`))).toBe('notJson');
  });

  it('refuses an error status', async () => {
    expect(await refusal(fetchJson(`${base}/missing`))).toBe('status');
  });
});
