import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { headers } from '@parley/contracts';
import { AppError } from '../platform/app-error.js';
import { headerOf, pathOf } from '../http/request-parts.js';
import { isApiPath } from './errors.js';

/**
 * The cookie POST /verify sets beside the token it returns: a browser that got past the access
 * overlay can open the API page, which cannot send the header itself. Scoped to /docs only.
 */
export const docsAccessCookie = 'parley_docs_access';

function isDocsPath(path: string): boolean {
  return path === '/docs' || path.startsWith('/docs/');
}

function isGuarded(path: string): boolean {
  return isApiPath(path) || path === '/config' || isDocsPath(path);
}

function decodedPath(url: string): string {
  const path = pathOf(url);
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** One cookie's value from the Cookie header, or undefined. */
export function cookieOf(request: FastifyRequest, name: string): string | undefined {
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim() || undefined;
  }
  return undefined;
}

function accessTokenOf(request: FastifyRequest, path: string): string | undefined {
  return headerOf(request, headers.accessToken) ?? (isDocsPath(path) ? cookieOf(request, docsAccessCookie) : undefined);
}

/**
 * With ACCESS_PASSWORD set, /api/*, /config and /docs need the access token from POST /verify.
 * Both the matched route and the decoded path are checked, so an encoded path cannot slip past.
 */
export const accessPasswordPlugin = fp(
  async (app) => {
    const access = app.services.access;
    if (!access.required) return;
    app.addHook('onRequest', async (request) => {
      const route = request.routeOptions.url;
      const path = decodedPath(request.url);
      const guarded = (route !== undefined && isGuarded(route)) || isGuarded(path);
      if (guarded && !(await access.allows(accessTokenOf(request, path)))) {
        throw new AppError('ACCESS_REQUIRED');
      }
    });
  },
  { name: 'access-password', dependencies: ['services'] },
);
