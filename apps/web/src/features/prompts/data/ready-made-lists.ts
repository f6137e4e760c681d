import type { Prompt } from '../lib/prompt-rules';

export interface ReadyMadeList {
  id: 'zh' | 'en';
  /** How many prompts the list holds, shown before it is loaded. */
  count: number;
  load: () => Promise<Prompt[]>;
}

/** Prompt lists shipped with the app, loaded only when the online tab asks for them. */
export const readyMadeLists: ReadyMadeList[] = [
  { id: 'zh', count: 32, load: async () => (await import('./prompts-zh.json')).default },
  { id: 'en', count: 32, load: async () => (await import('./prompts-en.json')).default },
];
