import type { ComponentType } from 'react';

/** The props the chat's MarkdownView takes: the answer so far and whether more is coming. */
export interface MarkdownProps {
  text: string;
  streaming: boolean;
}

type Loader = () => Promise<ComponentType<MarkdownProps>>;

// Each library is its own chunk, so a page only loads and runs the renderer it measures.
export const candidates = {
  // What the chat ships: streamdown with Parley's options, plugins loaded on demand, its CSS.
  parley: () => import('../../src/features/chat/components/markdown/markdown-renderer').then((module) => module.default),
  streamdown: () => import('./streamdown-view').then((module) => module.default),
  'x-markdown': () => import('./x-markdown-view').then((module) => module.XMarkdownAsDocumented),
  'x-markdown-memo': () => import('./x-markdown-view').then((module) => module.XMarkdownMemoisedCode),
  // The floor: plain lines, no markdown at all.
  'plain-lines': () => import('./plain-lines-view').then((module) => module.default),
} satisfies Record<string, Loader>;

export type CandidateName = keyof typeof candidates;

export function isCandidateName(value: string | null): value is CandidateName {
  return value !== null && value in candidates;
}
