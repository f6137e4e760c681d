import type { AgentCategory, DiscoverSort } from '@parley/contracts';

export interface DiscoverFilters {
  q: string;
  category: AgentCategory | null;
  sort: DiscoverSort;
}

export const agentKeys = {
  all: ['agents'] as const,
  discover: (filters: DiscoverFilters) => ['agents', 'discover', filters] as const,
  mine: () => ['agents', 'mine'] as const,
  detail: (id: string) => ['agents', 'detail', id] as const,
  models: () => ['agents', 'models'] as const,
  avatars: () => ['agents', 'avatars'] as const,
  shared: (shareNum: string) => ['agents', 'shared', shareNum] as const,
};
