import { storedPrompt, type StoredPrompt } from '@parley/contracts';
import type { Prompt } from './prompt-rules';

/**
 * What of a store the server accepts: trimmed items within the limits, each title and content
 * once (the first wins). The store's own rules keep it so; this guards older saved data.
 */
export function syncablePrompts(list: readonly Prompt[]): StoredPrompt[] {
  const titles = new Set<string>();
  const contents = new Set<string>();
  return list.flatMap((item) => {
    const parsed = storedPrompt.safeParse(item);
    if (!parsed.success || titles.has(parsed.data.title) || contents.has(parsed.data.content)) return [];
    titles.add(parsed.data.title);
    contents.add(parsed.data.content);
    return [parsed.data];
  });
}

/**
 * On sign-in: the saved store first, then the prompts this browser gathered before that do not
 * clash with a saved one by title or content, so nothing kept on either side is lost.
 */
export function mergePromptStores(saved: readonly Prompt[], local: readonly Prompt[]): StoredPrompt[] {
  return syncablePrompts([...saved, ...local]);
}

export function samePrompts(a: readonly Prompt[], b: readonly Prompt[]): boolean {
  return a.length === b.length && a.every((item, index) => item.title === b[index]?.title && item.content === b[index]?.content);
}
