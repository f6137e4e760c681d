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
  'agentWidget',
  'widget',
  'embed',
  'console',
  'consoleDashboard',
  'consoleQuality',
  'consoleAgents',
  'consoleUsers',
  'consoleContent',
  'consoleModels',
] as const;
export type Namespace = (typeof namespaces)[number];

/**
 * Texts only pages past the chat screens use (agents, knowledge base, account, settings): the
 * first screen goes without them, and those pages fetch them with their code (loadPageTexts).
 */
export const pageNamespaces: readonly Namespace[] = ['agents', 'knowledge', 'keys', 'analytics', 'account', 'settings', 'agentWidget'];

/** Texts of the operator console (`/admin`), which users never see: loaded when it opens (loadConsoleTexts). */
export const consoleNamespaces: readonly Namespace[] = [
  'console',
  'consoleDashboard',
  'consoleQuality',
  'consoleAgents',
  'consoleUsers',
  'consoleContent',
  'consoleModels',
];

/**
 * Texts of the chat widget, which the app never shows: the panel's (`/widget/:appId`, which asks
 * for them itself) and the loader's (built into embed.js).
 */
export const widgetNamespaces: readonly Namespace[] = ['widget', 'embed'];

/**
 * The build puts a language's other namespaces, the ones every visit loads at start, in one
 * chunk: one request instead of a dozen, compressed together.
 */
export function startTextsChunk(moduleId: string): string | null {
  const match = /\/locales\/([\w-]+)\/(\w+)\.json$/.exec(moduleId);
  const namespace = match?.[2] as Namespace | undefined;
  if (!match || !namespace || pageNamespaces.includes(namespace) || widgetNamespaces.includes(namespace) || consoleNamespaces.includes(namespace)) return null;
  return `texts-${match[1]}`;
}
