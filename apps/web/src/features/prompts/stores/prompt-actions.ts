import { promptStore } from '../../../stores/prompt-store';
import { importPromptText, mergeImported, type ImportResult } from '../lib/prompt-import';
import { checkAdd, checkEdit, type Checked, type Prompt } from '../lib/prompt-rules';

/** The store's actions: each checks the rules first and changes nothing when they fail. */
export function addPrompt(input: Prompt): Checked {
  const { promptList } = promptStore.getState();
  const checked = checkAdd(promptList, input);
  if (checked.ok) promptStore.setState({ promptList: [checked.prompt, ...promptList] });
  return checked;
}

export function editPrompt(index: number, input: Prompt): Checked {
  const { promptList } = promptStore.getState();
  const checked = checkEdit(promptList, index, input);
  if (checked.ok) promptStore.setState({ promptList: promptList.map((item, at) => (at === index ? checked.prompt : item)) });
  return checked;
}

export function deletePrompt(index: number): void {
  promptStore.setState(({ promptList }) => ({ promptList: promptList.filter((_, at) => at !== index) }));
}

export function clearPrompts(): void {
  promptStore.setState({ promptList: [] });
}

function applyImport(result: ImportResult): ImportResult {
  if (result.ok) promptStore.setState({ promptList: result.list });
  return result;
}

/** Pasted JSON or a file's text. */
export function importPromptsFromText(text: string): ImportResult {
  return applyImport(importPromptText(promptStore.getState().promptList, text));
}

/** An online list, already parsed. */
export function importPromptsFromData(data: unknown): ImportResult {
  return applyImport(mergeImported(promptStore.getState().promptList, data));
}
