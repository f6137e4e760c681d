import { socksDispatcher } from 'fetch-socks';
import { Agent, ProxyAgent, type Dispatcher } from 'undici';

export interface ProxySettings {
  /** `http(s)://[user:pass@]host:port`; empty: none. */
  httpsProxy: string;
  /** `socks5://`, `socks5h://`, `socks4://` or `socks4a://` with `[user:pass@]host[:port]`; empty: none. */
  socksProxy: string;
}

type SocksProxy = Parameters<typeof socksDispatcher>[0] & { type: 4 | 5 };

/**
 * The connection pool for model requests: through the SOCKS proxy when one is set (the more
 * specific setting wins over HTTPS_PROXY), else through the HTTP(S) proxy, else direct.
 */
export function createDispatcher(settings: ProxySettings): Dispatcher {
  // The provider's own first-chunk and stall timers decide when to give up, not undici's.
  const timeouts = { headersTimeout: 0, bodyTimeout: 0 };
  if (settings.socksProxy) return socksDispatcher(parseSocksProxy(settings.socksProxy), timeouts);
  if (settings.httpsProxy) return new ProxyAgent({ uri: settings.httpsProxy, ...timeouts });
  return new Agent(timeouts);
}

export function parseSocksProxy(value: string): SocksProxy {
  const url = new URL(value);
  const type = url.protocol.startsWith('socks4') ? 4 : 5;
  const proxy: SocksProxy = { type, host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port || 1080) };
  if (url.username) {
    proxy.userId = decodeURIComponent(url.username);
    proxy.password = decodeURIComponent(url.password);
  }
  return proxy;
}
