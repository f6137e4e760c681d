import { fetch as undiciFetch, type Dispatcher } from 'undici';

/**
 * The balance a model service reports, for the settings' config section. There is no standard
 * call for it in the OpenAI-compatible API, so the few that exist are tried in turn:
 * DeepSeek's `/user/balance`, the `/dashboard/billing/credit_grants` of OpenAI and of relays
 * (one-api, new-api), and OpenRouter's `/credits`. A service that answers none reports no balance.
 */
interface BalanceSource {
  path: string;
  read(json: unknown): string | null;
}

const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
const amount = (value: unknown): number | null => {
  const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof parsed === 'number' && Number.isFinite(parsed) ? parsed : null;
};
const money = (value: number, currency: string) => `${value.toFixed(2)} ${currency}`;

export const balanceSources: BalanceSource[] = [
  {
    path: '/user/balance',
    read(json) {
      const infos = record(json)?.balance_infos;
      if (!Array.isArray(infos)) return null;
      const parts = infos.flatMap((info) => {
        const total = amount(record(info)?.total_balance);
        const currency = record(info)?.currency;
        return total === null || typeof currency !== 'string' ? [] : [money(total, currency.slice(0, 8))];
      });
      return parts.length > 0 ? parts.join(', ') : null;
    },
  },
  {
    path: '/dashboard/billing/credit_grants',
    read(json) {
      const available = amount(record(json)?.total_available);
      return available === null ? null : money(available, 'USD');
    },
  },
  {
    path: '/credits',
    read(json) {
      const data = record(record(json)?.data);
      const credits = amount(data?.total_credits);
      const used = amount(data?.total_usage);
      return credits === null || used === null ? null : money(credits - used, 'USD');
    },
  },
];

export interface BalanceReaderOptions {
  baseUrl: string;
  apiKey: string;
  dispatcher: Dispatcher;
  /** Each call to the service gives up after this long. */
  timeoutMs: number;
  /** An answer (or the lack of one) is kept this long, so showing the settings does not call the service each time. */
  cacheMs: number;
  now?: () => number;
}

/** Reads the balance, one probe at a time, remembering the answer for `cacheMs`. Never throws. */
export function createBalanceReader(options: BalanceReaderOptions) {
  const now = options.now ?? Date.now;
  const base = options.baseUrl.replace(/\/+$/, '');
  let cached: { value: string | null; until: number } | null = null;
  let pending: Promise<string | null> | null = null;

  async function probe(source: BalanceSource): Promise<string | null> {
    try {
      const url = new URL(base);
      url.pathname = `${url.pathname.replace(/\/+$/, '')}${source.path}`;
      const response = await undiciFetch(url, {
        headers: { accept: 'application/json', ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) },
        dispatcher: options.dispatcher,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      if (!response.ok) {
        await response.body?.cancel();
        return null;
      }
      return source.read(await response.json());
    } catch {
      return null;
    }
  }

  async function readFresh(): Promise<string | null> {
    for (const source of balanceSources) {
      const value = await probe(source);
      if (value !== null) return value;
    }
    return null;
  }

  return {
    async read(): Promise<string | null> {
      if (cached && cached.until > now()) return cached.value;
      pending ??= readFresh().then((value) => {
        cached = { value, until: now() + options.cacheMs };
        pending = null;
        return value;
      });
      return pending;
    },
  };
}

export type BalanceReader = ReturnType<typeof createBalanceReader>;
