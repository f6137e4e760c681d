import OpenAI from 'openai';
import { fetch as undiciFetch, type RequestInit as UndiciRequestInit } from 'undici';
import type { Config } from '../config.js';
import { openAIBaseUrl } from './openai-provider.js';
import { createDispatcher } from './proxy-dispatcher.js';

/** Turns texts into vectors with one model; the vectors of one model are comparable with each other only. */
export interface Embedder {
  model: string;
  /** One vector per text, in order. Throws on any failure (HTTP error, timeout, a malformed reply). */
  embed(texts: string[], signal?: AbortSignal): Promise<number[][]>;
}

type EmbedderConfig = Pick<
  Config,
  'EMBEDDING_MODEL' | 'EMBEDDING_BASE_URL' | 'EMBEDDING_API_KEY' | 'EMBEDDING_TIMEOUT_MS' | 'LLM_BASE_URL' | 'LLM_API_KEY' | 'HTTPS_PROXY' | 'SOCKS_PROXY'
>;

/**
 * The OpenAI-compatible POST /embeddings client for EMBEDDING_MODEL, or null when none is set.
 * The endpoint and key are EMBEDDING_BASE_URL / EMBEDDING_API_KEY, else the chat model's.
 */
export function createEmbedder(
  config: EmbedderConfig,
  { traced }: { traced?: (embedder: Embedder, endpoint: string) => Embedder } = {},
): Embedder | null {
  if (config.EMBEDDING_MODEL === '') return null;
  const apiKey = config.EMBEDDING_API_KEY || config.LLM_API_KEY;
  const dispatcher = createDispatcher({ httpsProxy: config.HTTPS_PROXY, socksProxy: config.SOCKS_PROXY });
  const baseURL = config.EMBEDDING_BASE_URL || config.LLM_BASE_URL || openAIBaseUrl;
  const client = new OpenAI({
    apiKey: apiKey || 'unused',
    baseURL,
    organization: null,
    project: null,
    maxRetries: 1,
    timeout: config.EMBEDDING_TIMEOUT_MS,
    logLevel: 'off',
    fetch: (url, init) =>
      undiciFetch(url as string, { ...(init as UndiciRequestInit), dispatcher }) as unknown as Promise<Response>,
    ...(apiKey ? {} : { defaultHeaders: { Authorization: null } }),
  });
  const model = config.EMBEDDING_MODEL;
  const embedder: Embedder = {
    model,
    async embed(texts, signal) {
      if (texts.length === 0) return [];
      const response = await client.embeddings.create({ model, input: texts, encoding_format: 'float' }, { signal });
      const vectors = new Array<number[]>(texts.length);
      for (const item of response.data) vectors[item.index] = item.embedding;
      for (let index = 0; index < texts.length; index++) {
        const vector = vectors[index];
        if (!Array.isArray(vector) || vector.length === 0 || !vector.every(Number.isFinite)) {
          throw new Error(`the embedding service sent no usable vector for input ${index}`);
        }
      }
      return vectors;
    },
  };
  return traced ? traced(embedder, baseURL) : embedder;
}
