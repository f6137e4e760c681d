import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../platform/app-error.js';
import { noBody } from '../http/openapi-document.js';
import { withErrorResponses } from '../http/route-schemas.js';
import { builtInAvatars } from '../services/agents/built-in-avatars.js';

/** A picture's bytes, as the document publishes them. */
const binary = z.any().meta({ type: 'string', format: 'binary' });

/** Stored images never change (a new upload gets a new id), so caches may keep them for good. */
const immutable = 'public, max-age=31536000, immutable';

/**
 * Public pictures: uploaded avatars by id and the built-in avatars. Outside /api: <img> sends no
 * tokens. A picture kept in object storage is streamed through here too: same address, same caching.
 */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  const images = app.services.images;

  app.get(
    '/files/images/:id',
    {
      schema: {
        tags: ['images'],
        summary: 'A stored picture (public, cacheable)',
        params: z.object({ id: z.uuid({ error: 'must be a valid id' }) }),
        response: withErrorResponses({
          200: { description: 'The picture, as stored (resized to WebP)', content: { 'image/webp': { schema: binary } } },
          304: noBody('Not modified: the `if-none-match` ETag is the picture’s'),
        }),
      },
    },
    async (request, reply) => {
      const image = await images.find(request.params.id);
      if (!image) throw new AppError('NOT_FOUND', 'No such picture.');
      const etag = `"${image.sha256}"`;
      reply.header('cache-control', immutable).header('etag', etag).header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
      const content = await images.content(image);
      return reply.type(image.mime).header('content-length', image.size).send(content instanceof Uint8Array ? Buffer.from(content) : content);
    },
  );

  app.get(
    '/files/avatars/:file',
    {
      schema: {
        tags: ['images'],
        summary: 'A built-in avatar (SVG)',
        params: z.object({ file: z.string().max(60) }),
        response: withErrorResponses({ 200: { description: 'The avatar', content: { 'image/svg+xml': { schema: z.string() } } } }),
      },
    },
    async (request, reply) => {
      const key = /^([a-z0-9-]+)\.svg$/.exec(request.params.file)?.[1];
      const svg = key ? builtInAvatars.get(key) : undefined;
      if (!svg) throw new AppError('NOT_FOUND', 'No such avatar.');
      return reply
        .header('cache-control', 'public, max-age=86400')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .header('x-content-type-options', 'nosniff')
        .type('image/svg+xml')
        .send(svg);
    },
  );
};
