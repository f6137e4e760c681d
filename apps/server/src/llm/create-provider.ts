import { hasModelProvider, type Config } from '../config.js';
import { createOpenAIProvider, openAIBaseUrl } from './openai-provider.js';
import type { Provider } from './provider.js';

type ProviderConfig = Pick<
  Config,
  'LLM_BASE_URL' | 'LLM_API_KEY' | 'LLM_TIMEOUT_MS' | 'LLM_STALL_TIMEOUT_MS' | 'HTTPS_PROXY' | 'SOCKS_PROXY'
>;

export interface ProviderWiring {
  offline: Provider;
  /** Wraps the model service given its base URL (its calls traced, when tracing is on). */
  traced?: (provider: Provider, endpoint: string) => Provider;
}

/** The configured OpenAI-compatible model service, or the offline responder when none is set. */
export function createProvider(config: ProviderConfig, { offline, traced }: ProviderWiring): Provider {
  if (!hasModelProvider(config)) return offline;
  const provider = createOpenAIProvider({
    baseUrl: config.LLM_BASE_URL,
    apiKey: config.LLM_API_KEY,
    firstChunkTimeoutMs: config.LLM_TIMEOUT_MS,
    stallTimeoutMs: config.LLM_STALL_TIMEOUT_MS,
    httpsProxy: config.HTTPS_PROXY,
    socksProxy: config.SOCKS_PROXY,
  });
  return traced ? traced(provider, config.LLM_BASE_URL || openAIBaseUrl) : provider;
}
