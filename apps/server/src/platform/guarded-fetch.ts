import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { AddressPolicy } from './address-policy.js';

export interface GuardedFetchOptions {
  /** Which resolved addresses may be connected to; `isPublicAddress` outside tests. */
  policy: AddressPolicy;
  /** Ports a URL may name (80 and 443 where none is named); any other is refused before connecting. */
  ports: ReadonlySet<number>;
  /** For the whole fetch, redirects included. */
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

export type FetchRefusal = 'protocol' | 'address' | 'port' | 'redirects' | 'status' | 'tooLarge' | 'timeout' | 'network' | 'notJson';

export class FetchRefusedError extends Error {
  override name = 'FetchRefusedError';
  constructor(
    readonly reason: FetchRefusal,
    detail: string,
  ) {
    super(detail);
  }
}

/**
 * Resolves the name and hands the connection exactly the addresses it checked, so a second DNS
 * answer (rebinding) can never slip a private address in between the check and the connect.
 */
function guardedLookup(policy: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, verbatim: true })
      .then((found) => {
        const refused = found.find((entry) => !policy(entry.address));
        if (found.length === 0 || refused) {
          throw new FetchRefusedError('address', `${hostname} resolves to a non-public address ${refused?.address ?? ''}`.trim());
        }
        if (options.all) callback(null, found);
        else callback(null, found[0]!.address, found[0]!.family);
      })
      .catch((error: NodeJS.ErrnoException) => callback(error, '', 0));
  };
}

/** The ports a fetch of a user-given URL may always use: the web's own. */
export const webPorts: ReadonlySet<number> = new Set([80, 443]);

function checkUrl(raw: string, { policy, ports }: Pick<GuardedFetchOptions, 'policy' | 'ports'>): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchRefusedError('protocol', 'not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefusedError('protocol', `${url.protocol} is not http(s)`);
  if (url.username || url.password) throw new FetchRefusedError('protocol', 'credentials in the URL');
  // an internal service on a public host's odd port is no more the user's to reach than a private address
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  if (!ports.has(port)) throw new FetchRefusedError('port', `port ${port} is not one fetches may use`);
  // WHATWG parsing has already turned decimal, octal and hex IPv4 forms into dotted quads.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !policy(host)) throw new FetchRefusedError('address', `${host} is not a public address`);
  return url;
}

interface Hop {
  status: number;
  location: string | null;
  contentType: string;
  body: Buffer;
}

function requestOnce(url: URL, options: GuardedFetchOptions, signal: AbortSignal): Promise<Hop> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      {
        signal,
        lookup: guardedLookup(options.policy),
        headers: { accept: 'application/json, text/plain;q=0.5', 'user-agent': 'Parley prompt import' },
        agent: false,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = status >= 300 && status < 400 ? (response.headers.location ?? null) : null;
        const contentType = response.headers['content-type'] ?? '';
        if (location !== null || status < 200 || status >= 300) {
          response.resume();
          resolve({ status, location, contentType, body: Buffer.alloc(0) });
          return;
        }
        if (Number(response.headers['content-length'] ?? 0) > options.maxBytes) {
          response.destroy();
          reject(new FetchRefusedError('tooLarge', `declared ${response.headers['content-length']} bytes`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            response.destroy();
            reject(new FetchRefusedError('tooLarge', `more than ${options.maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ status, location, contentType, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

function parseJson(hop: Hop): unknown {
  if (/^text\/html|xml/i.test(hop.contentType)) throw new FetchRefusedError('notJson', `content type ${hop.contentType}`);
  try {
    return JSON.parse(hop.body.toString('utf8').replace(/^\uFEFF/, ''));
  } catch {
    throw new FetchRefusedError('notJson', 'the body is not JSON');
  }
}

/**
 * GETs a user-given http(s) URL and parses its JSON body, for the browser's prompt import.
 * Every hop (redirects are followed by hand) is checked against the address policy, and the
 * whole fetch has one time and one size limit.
 */
export async function guardedFetchJson(raw: string, options: GuardedFetchOptions): Promise<unknown> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    let url = checkUrl(raw, options);
    for (let hops = 0; ; hops += 1) {
      const hop = await requestOnce(url, options, controller.signal);
      if (hop.location === null) {
        if (hop.status < 200 || hop.status >= 300) throw new FetchRefusedError('status', `HTTP ${hop.status}`);
        return parseJson(hop);
      }
      if (hops >= options.maxRedirects) throw new FetchRefusedError('redirects', `more than ${options.maxRedirects} redirects`);
      url = checkUrl(new URL(hop.location, url).href, options);
    }
  } catch (error) {
    if (error instanceof FetchRefusedError) throw error;
    if (controller.signal.aborted) throw new FetchRefusedError('timeout', `no complete answer within ${options.timeoutMs} ms`);
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof FetchRefusedError) throw cause;
    throw new FetchRefusedError('network', (error as Error).message);
  } finally {
    clearTimeout(timer);
  }
}
