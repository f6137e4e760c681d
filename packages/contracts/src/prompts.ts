import { z } from 'zod';
import { promptLimits } from './values/prompts.js';
export { promptPaths, promptLimits } from './values/prompts.js';

/**
 * The prompt store (spec section 3, "promptStore"): reusable prompts kept in the browser; a
 * logged-in user's store is kept on the server too, so it follows them to another browser.
 * Paths are relative to `/api` and `/api/visitor` (list and save: `/api` only).
 */

/** One prompt as stored: trimmed, non-empty title and content. */
export const storedPrompt = z.object({
  title: z
    .string({ error: 'title must be text' })
    .trim()
    .min(1, 'title must not be empty')
    .max(promptLimits.titleMaxChars, `title must be at most ${promptLimits.titleMaxChars} characters`),
  content: z
    .string({ error: 'content must be text' })
    .trim()
    .min(1, 'content must not be empty')
    .max(promptLimits.contentMaxChars, `content must be at most ${promptLimits.contentMaxChars} characters`),
});
export type StoredPrompt = z.infer<typeof storedPrompt>;

/** A whole store, newest first as the list shows it; titles and contents each unique (spec section 5). */
export const promptList = z
  .array(storedPrompt, { error: 'prompts must be a list' })
  .max(promptLimits.maxItems, `The store holds at most ${promptLimits.maxItems} prompts`)
  .superRefine((list, context) => {
    const titles = new Set<string>();
    const contents = new Set<string>();
    list.forEach((prompt, index) => {
      if (titles.has(prompt.title)) context.addIssue({ code: 'custom', path: [index, 'title'], message: 'This title is already used by another prompt' });
      if (contents.has(prompt.content)) context.addIssue({ code: 'custom', path: [index, 'content'], message: 'This content is already used by another prompt' });
      titles.add(prompt.title);
      contents.add(prompt.content);
    });
  });

/** GET prompts/list: the user's saved store (empty when never saved). Users only. */
export const promptListData = z.object({ prompts: z.array(storedPrompt) });
export type PromptListData = z.infer<typeof promptListData>;

/** POST prompts/save: the whole store replaces the saved one. Users only. */
export const savePromptsRequest = z.object({ prompts: promptList });
export type SavePromptsRequest = z.infer<typeof savePromptsRequest>;

/** POST prompts/import-url {url}: the server fetches a public http(s) JSON file for the browser. */
export const importPromptUrlRequest = z.object({
  url: z
    .string()
    .trim()
    .max(2048, 'url must be at most 2048 characters')
    .refine((value) => /^https?:\/\//i.test(value), 'url must start with http:// or https://')
    .meta({ pattern: '^[Hh][Tt][Tt][Pp][Ss]?://' }),
});
export type ImportPromptUrlRequest = z.infer<typeof importPromptUrlRequest>;

/** The parsed JSON exactly as fetched; the browser applies the import rules to it. */
export const importPromptUrlData = z.object({ json: z.unknown() });
export type ImportPromptUrlData = z.infer<typeof importPromptUrlData>;
