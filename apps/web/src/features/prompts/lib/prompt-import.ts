import { promptLimits } from '@parley/contracts';
import type { Prompt } from './prompt-rules';

/**
 * The key pairs an imported list may use: this store's own export, and the two shapes common
 * prompt lists are published in ({key, value} and {act, prompt}).
 */
const keyPairs = [
  ['title', 'content'],
  ['key', 'value'],
  ['act', 'prompt'],
] as const;

export interface SkippedPrompt {
  title: string;
  reason: 'title' | 'content';
}

export type ImportFailure =
  | { kind: 'invalidJson' }
  | { kind: 'notAList' }
  | { kind: 'tooLarge' }
  | { kind: 'tooMany' }
  /** Spec section 5: "Key value mismatch". Nothing is imported. */
  | { kind: 'keyValueMismatch'; index: number };

export type ImportResult =
  | { ok: true; list: Prompt[]; added: Prompt[]; skipped: SkippedPrompt[] }
  | { ok: false; failure: ImportFailure };

function own(record: object, key: string): unknown {
  return Object.hasOwn(record, key) ? (record as Record<string, unknown>)[key] : undefined;
}

/** An item as a prompt, or null when it lacks a string title and content under one key pair. */
function readItem(item: unknown): Prompt | null {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return null;
  for (const [titleKey, contentKey] of keyPairs) {
    const title = own(item, titleKey);
    const content = own(item, contentKey);
    if (title === undefined && content === undefined) continue;
    if (typeof title !== 'string' || typeof content !== 'string') return null;
    const prompt = { title: title.trim(), content: content.trim() };
    if (!prompt.title || !prompt.content) return null;
    if (prompt.title.length > promptLimits.titleMaxChars || prompt.content.length > promptLimits.contentMaxChars) return null;
    return prompt;
  }
  return null;
}

/**
 * Adds an already parsed list to the store's list. Any item of the wrong shape rejects the whole
 * import; items whose title or content is already there (or earlier in the same file) are skipped
 * and reported. New items go first, in the file's order. Only `title` and `content` are copied,
 * so keys such as `__proto__` never reach an object of the app.
 */
export function mergeImported(list: readonly Prompt[], data: unknown): ImportResult {
  if (!Array.isArray(data)) return { ok: false, failure: { kind: 'notAList' } };
  const items: Prompt[] = [];
  for (const [index, item] of data.entries()) {
    const prompt = readItem(item);
    if (!prompt) return { ok: false, failure: { kind: 'keyValueMismatch', index } };
    items.push(prompt);
  }
  const titles = new Set(list.map((item) => item.title));
  const contents = new Set(list.map((item) => item.content));
  const added: Prompt[] = [];
  const skipped: SkippedPrompt[] = [];
  for (const prompt of items) {
    if (titles.has(prompt.title)) skipped.push({ title: prompt.title, reason: 'title' });
    else if (contents.has(prompt.content)) skipped.push({ title: prompt.title, reason: 'content' });
    else {
      added.push(prompt);
      titles.add(prompt.title);
      contents.add(prompt.content);
    }
  }
  if (list.length + added.length > promptLimits.maxItems) return { ok: false, failure: { kind: 'tooMany' } };
  return { ok: true, list: [...added, ...list], added, skipped };
}

/** Pasted text or a file's text, parsed and merged. */
export function importPromptText(list: readonly Prompt[], text: string): ImportResult {
  if (new TextEncoder().encode(text).length > promptLimits.importMaxBytes) return { ok: false, failure: { kind: 'tooLarge' } };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, failure: { kind: 'invalidJson' } };
  }
  return mergeImported(list, data);
}
