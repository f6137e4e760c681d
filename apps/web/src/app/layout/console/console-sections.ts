import { routePaths } from '../../../lib/route-paths';

/** A section of the operator console: where it is, and its name in the `console` texts (`nav.<key>`). */
export interface ConsoleSection {
  key: string;
  path: string;
}

/** The console's sections in the order its navigation lists them. */
export const consoleSections: readonly ConsoleSection[] = [
  { key: 'dashboard', path: routePaths.Console },
  { key: 'quality', path: routePaths.ConsoleQuality },
  { key: 'agents', path: routePaths.ConsoleAgents },
  { key: 'users', path: routePaths.ConsoleUsers },
  { key: 'content', path: routePaths.ConsoleContent },
  { key: 'models', path: routePaths.ConsoleModels },
  { key: 'audit', path: routePaths.ConsoleAudit },
];

/** The section a path belongs to: the longest section path it starts with. */
export function sectionOf(pathname: string): ConsoleSection | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  return [...consoleSections]
    .sort((a, b) => b.path.length - a.path.length)
    .find((section) => path === section.path || path.startsWith(`${section.path}/`));
}
