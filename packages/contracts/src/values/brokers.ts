// Paths, limits and defaults of broker rankings and search: plain values (no zod), so a screen that needs only
// these does not bring the schemas of ../brokers.ts along. That file re-exports them.

export const brokerPaths = {
  rankings: '/rankings',
  search: '/dealer/search',
  detail: '/dealer/detail',
  ad: '/dealer/ad',
} as const;

/** Ranking tabs in display order and the category each loads (spec section 4). */
export const rankingTabs = [
  { key: 'global', category: 0 },
  { key: 'environment', category: 1 },
  { key: 'problem', category: 4 },
  { key: 'hot', category: 3 },
] as const;
export const rankingCategories = [0, 1, 3, 4] as const;
export type RankingCategory = (typeof rankingCategories)[number];

export const brokerLimits = {
  rankingPageSize: 10,
  rankingPageSlots: 6,
  /** Pages past this are refused: six slots of ten cover what the panel can show. */
  maxRankingPage: 1000,
  searchKeywordMax: 50,
  searchResults: 10,
} as const;

/**
 * How `data` is scrambled: AES-256-CBC (PKCS#7), key = SHA-256(key constant), IV = first 16
 * bytes of SHA-256(IV constant), base64 ciphertext. The constants are configured on the server
 * and handed to the browser in the site config, so anyone can decrypt: obfuscation, not secrecy.
 */
export const dataCipher = {
  algorithm: 'AES-CBC',
  keyBits: 256,
  ivBytes: 16,
  defaultKeyConstant: 'parley-rankings-key',
  defaultIvConstant: 'parley-rankings-iv',
} as const;
