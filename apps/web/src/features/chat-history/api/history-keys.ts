import type { HistoryKind } from '../lib/history-rules';

/** Every history list lives under `all`, so logout and cross-list updates reach them together. */
export const chatHistoryKeys = {
  all: ['chat-history'] as const,
  list: (kind: HistoryKind) => ['chat-history', kind] as const,
};
