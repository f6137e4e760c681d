import type { ListAdminAgentsQuery } from '@parley/contracts';

export type AgentFilter = Pick<ListAdminAgentsQuery, 'q' | 'visibility'> & { hidden?: boolean; held?: boolean };

/** The console's agents queries; a moderation invalidates `all`. */
export const adminAgentKeys = {
  all: ['admin', 'agents'] as const,
  list: (filter: AgentFilter) => ['admin', 'agents', 'list', filter] as const,
  detail: (id: string) => ['admin', 'agents', 'detail', id] as const,
  official: ['admin', 'official'] as const,
  faq: ['admin', 'official', 'faq'] as const,
};
