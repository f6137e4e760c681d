import { createCipheriv, createHash } from 'node:crypto';
import { dataCipher } from '@parley/contracts';

export interface DataCipherConstants {
  keyConstant: string;
  ivConstant: string;
}

/**
 * Scrambles ranking and search `data` as contracts' `dataCipher` describes, so the browser can
 * undo it with Web Crypto. Obfuscation against casual scraping only: the client has the constants.
 */
export function createDataCipher({ keyConstant, ivConstant }: DataCipherConstants) {
  const key = createHash('sha256').update(keyConstant, 'utf8').digest();
  const iv = createHash('sha256').update(ivConstant, 'utf8').digest().subarray(0, dataCipher.ivBytes);
  return {
    encrypt(value: unknown): string {
      const cipher = createCipheriv('aes-256-cbc', key, iv);
      return Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]).toString('base64');
    },
  };
}

export type DataCipher = ReturnType<typeof createDataCipher>;
