/** The console's users queries; every change invalidates `all`. */
export const userKeys = {
  all: ['admin', 'users'] as const,
  list: (q: string) => ['admin', 'users', 'list', q] as const,
  counts: ['admin', 'users', 'counts'] as const,
  detail: (id: string) => ['admin', 'users', 'detail', id] as const,
};
