import type { ChatConfigData } from '@parley/contracts';
import { defaultModel, type Config } from '../../config.js';
import type { Owner } from '../../db/repos/owner-scope.js';
import type { UsageRepo } from '../../db/repos/usage-repo.js';

/** Query parameters whose values are taken for secrets (api_key, token, sig, password ...). */
const secretParam = /key|token|secret|pass|sig|auth|credential|session/i;

/**
 * A URL fit to show: user name and password dropped, secret-looking query values replaced.
 * Anything that does not parse as a URL is hidden whole rather than shown.
 */
export function redactUrl(value: string): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return '[redacted]';
  }
  url.username = '';
  url.password = '';
  for (const name of [...url.searchParams.keys()]) {
    if (secretParam.test(name)) url.searchParams.set(name, '[redacted]');
  }
  url.hash = '';
  return url.toString();
}

/** Hosts of providers themselves; any other base URL is a relay in front of one (a reverse proxy). */
const providerHosts = new Set(['api.openai.com', 'api.deepseek.com', 'dashscope.aliyuncs.com']);

interface ConfigServiceDeps {
  config: Config;
  usage: UsageRepo;
  balance: () => Promise<string | null>;
  isOperator: (userId: string) => Promise<boolean>;
}

/**
 * The chat configuration a user may see (POST /config): never a key or a secret. Base URLs
 * and proxies may be internal addresses, so only operators see them.
 */
export function createConfigService({ config, usage, balance, isOperator }: ConfigServiceDeps) {
  return {
    async describe(owner: Owner | null, now = new Date()): Promise<ChatConfigData> {
      const month = now.toISOString().slice(0, 7);
      const base = config.LLM_BASE_URL;
      const host = base ? new URL(base).hostname : '';
      const [days, reported, operator] = await Promise.all([
        owner ? usage.monthUsage(owner, month) : null,
        balance(),
        owner?.userId ? isOperator(owner.userId) : false,
      ]);
      const shown = (value: string | null) => (operator ? value : null);
      return {
        provider: base ? 'openai-compatible' : 'offline',
        model: defaultModel(config),
        models: config.LLM_MODELS,
        endpointsShown: operator,
        apiBaseUrl: shown(redactUrl(base)),
        reverseProxy: shown(base && !providerHosts.has(host) ? redactUrl(base) : null),
        timeoutMs: config.LLM_TIMEOUT_MS,
        socksProxy: shown(redactUrl(config.SOCKS_PROXY)),
        httpsProxy: shown(redactUrl(config.HTTPS_PROXY)),
        usage: days ? { month, days } : null,
        balance: reported,
      };
    },
  };
}

export type ConfigService = ReturnType<typeof createConfigService>;
