import fp from 'fastify-plugin';
import { headers } from '@parley/contracts';
import { AppError } from '../platform/app-error.js';
import { headerOf, pathOf } from '../http/request-parts.js';
import { isApiPath } from './errors.js';

function isGuarded(path: string): boolean {
  return isApiPath(path) || path === '/config' || path.startsWith('/config?');
}

function decodedPath(url: string): string {
  const path = pathOf(url);
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * With ACCESS_PASSWORD set, /api/* and /config need the access token from POST /verify.
 * Both the matched route and the decoded path are checked, so an encoded path cannot slip past.
 */
export const accessPasswordPlugin = fp(
  async (app) => {
    const access = app.services.access;
    if (!access.required) return;
    app.addHook('onRequest', async (request) => {
      const route = request.routeOptions.url;
      const guarded = (route !== undefined && isGuarded(route)) || isGuarded(decodedPath(request.url));
      if (guarded && !access.allows(headerOf(request, headers.accessToken))) {
        throw new AppError('ACCESS_REQUIRED');
      }
    });
  },
  { name: 'access-password', dependencies: ['services'] },
);
