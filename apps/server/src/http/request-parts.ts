import type { FastifyRequest } from 'fastify';

/** A single-valued, non-empty request header, or undefined. */
export function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** The path of a request URL, without its query string. */
export function pathOf(url: string): string {
  return url.split('?', 1)[0] ?? url;
}
