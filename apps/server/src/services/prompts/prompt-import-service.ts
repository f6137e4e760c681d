import { promptLimits } from '@parley/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../platform/app-error.js';
import type { AddressPolicy } from '../../platform/address-policy.js';
import { FetchRefusedError, guardedFetchJson, webPorts } from '../../platform/guarded-fetch.js';

/**
 * Online prompt lists: the server fetches a user-given URL for the browser (which can't read
 * most sites cross-origin) through the guarded fetch, and hands back the parsed JSON as is.
 */
export function createPromptImportService({ policy, extraPorts }: { policy: AddressPolicy; extraPorts: readonly number[] }) {
  const ports = new Set([...webPorts, ...extraPorts]);
  return {
    async fetchList(url: string, log: FastifyBaseLogger): Promise<{ json: unknown }> {
      try {
        const json = await guardedFetchJson(url, {
          policy,
          ports,
          timeoutMs: promptLimits.fetchTimeoutMs,
          maxBytes: promptLimits.importMaxBytes,
          maxRedirects: promptLimits.maxRedirects,
        });
        return { json };
      } catch (error) {
        if (!(error instanceof FetchRefusedError)) throw error;
        log.info({ reason: error.reason, detail: error.message }, 'prompt list fetch refused');
        if (error.reason === 'port') {
          throw new AppError('REMOTE_ADDRESS_REFUSED', `Only addresses on the web's standard ports (${[...ports].join(', ')}) can be fetched.`, { reason: error.reason });
        }
        if (error.reason === 'address' || error.reason === 'protocol') throw new AppError('REMOTE_ADDRESS_REFUSED', undefined, { reason: error.reason });
        throw new AppError('REMOTE_FETCH_FAILED', undefined, { reason: error.reason });
      }
    },
  };
}

export type PromptImportService = ReturnType<typeof createPromptImportService>;
