import { promptLimits } from '@parley/contracts';

export interface Prompt {
  title: string;
  content: string;
}

/** Why a prompt can't be added or saved; each maps to one message of spec section 5. */
export type PromptProblem =
  | { kind: 'emptyTitle' }
  | { kind: 'emptyContent' }
  | { kind: 'titleTooLong' }
  | { kind: 'contentTooLong' }
  | { kind: 'storeFull' }
  | { kind: 'duplicateTitle' }
  | { kind: 'duplicateContent'; content: string }
  | { kind: 'editConflict' };

export type Checked = { ok: true; prompt: Prompt } | { ok: false; problem: PromptProblem };

function shapeProblem(prompt: Prompt): PromptProblem | null {
  if (prompt.title === '') return { kind: 'emptyTitle' };
  if (prompt.content === '') return { kind: 'emptyContent' };
  if (prompt.title.length > promptLimits.titleMaxChars) return { kind: 'titleTooLong' };
  if (prompt.content.length > promptLimits.contentMaxChars) return { kind: 'contentTooLong' };
  return null;
}

function trimmed(prompt: Prompt): Prompt {
  return { title: prompt.title.trim(), content: prompt.content.trim() };
}

/** Add: the title and the content must each be new to the store. */
export function checkAdd(list: readonly Prompt[], input: Prompt): Checked {
  const prompt = trimmed(input);
  const problem = shapeProblem(prompt);
  if (problem) return { ok: false, problem };
  if (list.length >= promptLimits.maxItems) return { ok: false, problem: { kind: 'storeFull' } };
  if (list.some((item) => item.title === prompt.title)) return { ok: false, problem: { kind: 'duplicateTitle' } };
  if (list.some((item) => item.content === prompt.content)) {
    return { ok: false, problem: { kind: 'duplicateContent', content: prompt.content } };
  }
  return { ok: true, prompt };
}

/** Edit of the item at `index`: its title and content may not clash with any other item. */
export function checkEdit(list: readonly Prompt[], index: number, input: Prompt): Checked {
  const prompt = trimmed(input);
  const problem = shapeProblem(prompt);
  if (problem) return { ok: false, problem };
  const clash = list.some(
    (item, at) => at !== index && (item.title === prompt.title || item.content === prompt.content),
  );
  return clash ? { ok: false, problem: { kind: 'editConflict' } } : { ok: true, prompt };
}

/** Items containing every word of the query in their title or content, in any case. */
export function searchPrompts<T extends Prompt>(list: readonly T[], query: string): T[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return list.filter((item) => {
    const text = `${item.title}\n${item.content}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/** The file the export writes: a plain array any prompt store (this one included) reads back. */
export function exportPrompts(list: readonly Prompt[]): string {
  return JSON.stringify(
    list.map(({ title, content }) => ({ title, content })),
    null,
    2,
  );
}
