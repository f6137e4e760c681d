// Paths, limits and defaults of the prompt store: plain values (no zod), so a screen that needs only
// these does not bring the schemas of ../prompts.ts along. That file re-exports them.

export const promptPaths = {
  importUrl: '/prompts/import-url',
  list: '/prompts/list',
  save: '/prompts/save',
} as const;

export const promptLimits = {
  titleMaxChars: 100,
  /** A prompt fills the chat input, so it fits a question. */
  contentMaxChars: 8000,
  /** Items in the store, and in one import. */
  maxItems: 2000,
  /** A pasted or uploaded JSON file, and an online list the server fetches. */
  importMaxBytes: 1024 * 1024,
  /** The server gives up on an online list after this long. */
  fetchTimeoutMs: 10_000,
  /** Redirects followed, each hop checked again. */
  maxRedirects: 3,
  /** A whole store sent to be saved. */
  saveMaxBytes: 4 * 1024 * 1024,
} as const;
