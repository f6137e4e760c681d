export const namespaces = [
  'common',
  'errors',
  'layout',
  'access',
  'pages',
  'chat',
  'history',
  'share',
  'auth',
  'account',
  'messages',
  'agents',
  'knowledge',
  'keys',
  'prompts',
  'settings',
  'brokers',
  'site',
  'analytics',
] as const;
export type Namespace = (typeof namespaces)[number];

/**
 * Texts only pages past the chat screens use (agents, knowledge base, account, settings): the
 * first screen goes without them, and those pages fetch them with their code (loadPageTexts).
 */
export const pageNamespaces: readonly Namespace[] = ['agents', 'knowledge', 'keys', 'analytics', 'account', 'settings'];

/**
 * The build puts a language's other namespaces, the ones every visit loads at start, in one
 * chunk: one request instead of a dozen, compressed together.
 */
export function startTextsChunk(moduleId: string): string | null {
  const match = /\/locales\/([\w-]+)\/(\w+)\.json$/.exec(moduleId);
  if (!match || pageNamespaces.includes(match[2] as Namespace)) return null;
  return `texts-${match[1]}`;
}
