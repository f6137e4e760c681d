import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { headers } from '@parley/contracts';
import { AppError } from '../http/app-error.js';
import { isApiPath } from './errors.js';

function isGuarded(path: string): boolean {
  return isApiPath(path) || path === '/config' || path.startsWith('/config?');
}

function decodedPath(url: string): string {
  const path = url.split('?', 1)[0] ?? url;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
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
      if (guarded && !access.allows(headerValue(request, headers.accessToken))) {
        throw new AppError('ACCESS_REQUIRED');
      }
    });
  },
  { name: 'access-password', dependencies: ['services'] },
);
