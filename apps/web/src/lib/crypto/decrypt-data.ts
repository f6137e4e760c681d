import { dataCipher } from '@parley/contracts';

export interface DataCipherConstants {
  keyConstant: string;
  ivConstant: string;
}

async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

function fromBase64(value: string): Uint8Array<ArrayBuffer> {
  const binary = atob(value);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/**
 * Undoes the server's scrambling of ranking and search `data` (contracts' `dataCipher`) with
 * Web Crypto. The constants come from the public site config: this deters scraping, it hides nothing.
 */
export async function decryptData(encrypted: string, { keyConstant, ivConstant }: DataCipherConstants): Promise<unknown> {
  const [keyBytes, ivHash] = await Promise.all([sha256(keyConstant), sha256(ivConstant)]);
  const key = await crypto.subtle.importKey('raw', keyBytes.slice(), { name: dataCipher.algorithm }, false, ['decrypt']);
  const plain = await crypto.subtle.decrypt(
    { name: dataCipher.algorithm, iv: ivHash.slice(0, dataCipher.ivBytes) },
    key,
    fromBase64(encrypted),
  );
  return JSON.parse(new TextDecoder().decode(plain));
}
