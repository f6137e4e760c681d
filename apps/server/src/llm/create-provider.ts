import { hasModelProvider, type Config } from '../config.js';
import { createOpenAIProvider } from './openai-provider.js';
import type { Provider } from './provider.js';

type ProviderConfig = Pick<
  Config,
  'LLM_BASE_URL' | 'LLM_API_KEY' | 'LLM_TIMEOUT_MS' | 'LLM_STALL_TIMEOUT_MS' | 'HTTPS_PROXY' | 'SOCKS_PROXY'
>;

/** The configured OpenAI-compatible model service, or the offline responder when none is set. */
export function createProvider(config: ProviderConfig, { offline }: { offline: Provider }): Provider {
  if (!hasModelProvider(config)) return offline;
  return createOpenAIProvider({
    baseUrl: config.LLM_BASE_URL,
    apiKey: config.LLM_API_KEY,
    firstChunkTimeoutMs: config.LLM_TIMEOUT_MS,
    stallTimeoutMs: config.LLM_STALL_TIMEOUT_MS,
    httpsProxy: config.HTTPS_PROXY,
    socksProxy: config.SOCKS_PROXY,
  });
}
