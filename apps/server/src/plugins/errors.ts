import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { apiPrefix, type Envelope, type ErrorName } from '@parley/contracts';
import { databaseUnavailableMessage, isDatabaseUnavailable } from '../db/unavailable.js';
import { AppError, isAppError } from '../platform/app-error.js';
import { isObjectStorageUnavailable, objectStorageUnavailableMessage } from '../platform/object-storage.js';
import { pathOf } from '../http/request-parts.js';

interface FieldProblem {
  path: string;
  message: string;
}

/** Fastify's own errors, by code, mapped to our vocabulary with a message a client can show. */
const fastifyErrors: Record<string, { name: ErrorName; msg?: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { name: 'VALIDATION', msg: 'The request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { name: 'VALIDATION', msg: 'The request body is empty but declared as JSON' },
  FST_ERR_CTP_BODY_TOO_LARGE: { name: 'PAYLOAD_TOO_LARGE' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { name: 'UNSUPPORTED_MEDIA_TYPE' },
};

const byStatus: Record<number, ErrorName> = {
  400: 'VALIDATION',
  401: 'UNAUTHORIZED',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'UNAVAILABLE',
};

function describeValidation(error: FastifyError & { validation: { instancePath: string; message?: string }[] }) {
  const problems: FieldProblem[] = error.validation.map((issue) => ({
    path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'body'),
    message: issue.message ?? 'is not valid',
  }));
  const msg = problems.map((problem) => `${problem.path}: ${problem.message}`).join('; ');
  return new AppError('VALIDATION', msg, problems);
}

/** Turns anything thrown into an AppError; unknown failures become INTERNAL with the generic text. */
export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  const fastifyError = error as Partial<FastifyError>;
  if (hasZodFastifySchemaValidationErrors(error)) return describeValidation(error);
  const known = fastifyError.code ? fastifyErrors[fastifyError.code] : undefined;
  if (known) return new AppError(known.name, known.msg);
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new AppError(byStatus[status] ?? 'VALIDATION');
  }
  if (status === 503) return new AppError('UNAVAILABLE');
  // first: a bucket that refuses connections carries ECONNREFUSED too, which would read as the database's
  if (isObjectStorageUnavailable(error)) return new AppError('UNAVAILABLE', objectStorageUnavailableMessage);
  if (isDatabaseUnavailable(error)) return new AppError('UNAVAILABLE', databaseUnavailableMessage);
  return new AppError('INTERNAL');
}

export function sendError(reply: FastifyReply, error: AppError) {
  const body: Envelope<unknown> = { code: error.code, msg: error.message, data: error.data };
  return reply.code(error.statusCode).type('application/json; charset=utf-8').send(body);
}

/** A route's path (`/files/avatars/:name`, `/*`) as a pattern for concrete paths; the catch-all matches none. */
function routePattern(url: string): RegExp {
  if (url.endsWith('*')) return /(?!)/;
  const source = url
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/?$`);
}

export function isApiPath(url: string): boolean {
  return url === apiPrefix || url.startsWith(`${apiPrefix}/`) || url.startsWith(`${apiPrefix}?`);
}

/**
 * The one error handler and the one not-found handler. 5xx answers carry only the generic
 * message; what went wrong goes to the log with the request id.
 */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
      const appError = toAppError(error);
      if (appError.statusCode >= 500) {
        request.log.error({ err: error }, 'request failed');
      } else {
        request.log.info({ code: appError.code, reason: appError.message }, 'request refused');
      }
      return sendError(reply, appError);
    });

    // Every route's methods by its path pattern: a known path asked with another method is a 405.
    const routes: { pattern: RegExp; methods: Set<string> }[] = [];
    app.addHook('onRoute', (route) => {
      // the console's calls answer 404 to non-operators, for every method: no 405 tells them apart
      if (route.url.startsWith(`${apiPrefix}/admin/`)) return;
      const pattern = routePattern(route.url);
      const methods = [route.method].flat().map((method) => method.toUpperCase());
      const known = routes.find((entry) => entry.pattern.source === pattern.source);
      if (known) for (const method of methods) known.methods.add(method);
      else routes.push({ pattern, methods: new Set(methods) });
    });

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      const urlPath = pathOf(request.url);
      const allowed = new Set(routes.filter((route) => route.pattern.test(urlPath)).flatMap((route) => [...route.methods]));
      if (allowed.size > 0 && !allowed.has(request.method)) {
        reply.header('allow', [...allowed].sort().join(', '));
        return sendError(reply, new AppError('METHOD_NOT_ALLOWED'));
      }
      const name: ErrorName = isApiPath(request.url) ? 'ROUTE_NOT_FOUND' : 'NOT_FOUND';
      return sendError(reply, new AppError(name));
    });
  },
  { name: 'errors' },
);

