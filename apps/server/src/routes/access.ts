import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, sessionData, verifyData, verifyRequest } from '@parley/contracts';
import { defaultModel } from '../config.js';
import { ok } from '../http/ok.js';
import { AppError } from '../platform/app-error.js';
import { withErrorResponses } from '../http/route-schemas.js';
import { docsAccessCookie } from '../plugins/access-password.js';

/** Password guesses one address may make per minute; each further guess while limited doubles the wait. */
export const verifyAttemptsPerAddress = 10;
/** Password guesses the whole site takes per minute, so many addresses together cannot guess fast either. */
export const verifyAttemptsOverall = 100;

/** The site access password behind the 403 overlay. Both routes stay open so a client can get in. */
export const accessRoutes: FastifyPluginAsyncZod = async (app) => {
  const overall = app.createRateLimit({ max: verifyAttemptsOverall, timeWindow: '1 minute', keyGenerator: () => 'access-verify:all' });
  // the per-address limit is the route's own; one request runs one plugin limiter, so this one is checked by hand
  const overallLimit = async (request: FastifyRequest, reply: FastifyReply) => {
    const counted = await overall(request);
    if (!counted.isAllowed && counted.isExceeded) {
      reply.header('retry-after', String(counted.ttlInSeconds));
      throw new AppError('RATE_LIMITED', 'Too many access password attempts on this site. Please try again in a minute.');
    }
  };
  app.post(
    '/session',
    {
      schema: {
        tags: ['access'],
        summary: 'Whether an access password is required, and the chat model in use',
        response: withErrorResponses({ 200: envelope(sessionData) }),
      },
    },
    async () => ok({ auth: app.services.access.required, model: defaultModel(app.config) }),
  );

  app.post(
    '/verify',
    {
      config: { rateLimit: { max: verifyAttemptsPerAddress, timeWindow: '1 minute', exponentialBackoff: true, groupId: 'access-verify' } },
      preHandler: overallLimit,
      schema: {
        tags: ['access'],
        summary: 'Exchange the access password for an access token',
        body: verifyRequest,
        response: withErrorResponses({ 200: envelope(verifyData) }),
      },
    },
    async (request, reply) => {
      const granted = await app.services.access.verifyPassword(request.body.token);
      if (app.services.access.required) {
        const secure = request.protocol === 'https' ? '; Secure' : '';
        reply.header('set-cookie', `${docsAccessCookie}=${granted.accessToken}; Path=/docs; HttpOnly; SameSite=Strict${secure}`);
      }
      return ok(granted);
    },
  );
};
