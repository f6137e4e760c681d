import { existsSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pathOf } from '../http/request-parts.js';

/** Paths the server answers itself; everything else a browser navigates to is the SPA's. */
const serverPrefixes = ['/api', '/files', '/docs', '/metrics', '/healthz', '/readyz', '/session', '/verify', '/config'];

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
/**
 * The widget loader keeps its address (owners paste it into their pages), so it cannot be cached
 * for ever: an hour, then revalidated by its ETag in the background for up to a day.
 */
const LOADER = 'public, max-age=3600, stale-while-revalidate=86400';
const loaderFile = 'embed.js';

declare module 'fastify' {
  interface FastifyReply {
    /** Sends a page of the built web app (`widget.html`), revalidated on every load. */
    sendWebPage(file: string): FastifyReply;
  }
}

/**
 * A page load: not a server path, not a file (a missing /assets/x.js stays a 404), and a client
 * that takes HTML — a browser, or curl and friends that send no Accept or accept anything.
 */
export function isSpaNavigation(request: FastifyRequest): boolean {
  // in any case: /API/x is no page of the app either
  const urlPath = pathOf(request.url).toLowerCase();
  const ownedByServer = serverPrefixes.some((prefix) => urlPath === prefix || urlPath.startsWith(`${prefix}/`));
  const looksLikeFile = /\.[a-z0-9]+$/i.test(urlPath);
  const accept = request.headers.accept ?? '*/*';
  const takesHtml = accept.includes('text/html') || accept.includes('*/*');
  return !ownedByServer && !looksLikeFile && takesHtml;
}

const buildMissingText =
  'Parley server is running, but the web app has not been built.\n' +
  'Run `npm run build` in the repository root (or `npm run build -w @parley/web`) and restart.\n' +
  'The API is served under /api and documented at /docs.\n';

/**
 * Serves the built web app: hashed files under /assets are cached forever, everything else
 * (index.html first) is revalidated so a deploy shows up on the next load. A browser that takes
 * brotli or gzip gets the copy the build compressed, with no compression work per request.
 */
export const spaPlugin = fp<{ distDir: string }>(
  async (app, { distDir }) => {
    const root = path.resolve(distDir);
    if (!existsSync(path.join(root, 'index.html'))) {
      app.log.warn({ distDir: root }, 'web app build not found; serving a placeholder at /');
      app.decorateReply('sendWebPage', function sendWebPage(this: FastifyReply) {
        return this.header('cache-control', REVALIDATE).type('text/plain; charset=utf-8').send(buildMissingText);
      });
      app.get('/', { schema: { hide: true } }, async (_request, reply) =>
        reply.type('text/plain; charset=utf-8').send(buildMissingText),
      );
      return;
    }

    // The build writes brotli and gzip copies beside each text file (apps/web/vite/precompress.ts),
    // sent to browsers that take them in place of the file.
    // The few files at the root (index.html, the service worker, icons, the widget's loader and
    // page) keep a route each, so every other path can fall back to the app below; its
    // reply.sendFile (the app's page) sends from the root.
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      globIgnore: ['assets/**', '**/*.br', '**/*.gz'],
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply: FastifyReply, filePath: string) => {
        const relative = path.relative(root, filePath).split(path.sep).join('/');
        reply.header('cache-control', relative === loaderFile ? LOADER : REVALIDATE);
      },
    });
    // The hashed files (about 2,300 with their copies) are served by one wildcard route: a route
    // per file made the router hold some 4,600 routes (12 MB, and half a second at start).
    await app.register(fastifyStatic, {
      root: path.join(root, 'assets'),
      prefix: '/assets/',
      preCompressed: true,
      cacheControl: false,
      decorateReply: false,
      setHeaders: (reply: FastifyReply) => reply.header('cache-control', IMMUTABLE),
    });
    app.decorateReply('sendWebPage', function sendWebPage(this: FastifyReply, file: string) {
      return this.header('cache-control', REVALIDATE).sendFile(file);
    });

    // History fallback: /chat/abc?chatId=1 and unknown paths load the app, which routes or shows /404.
    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      if (!isSpaNavigation(request)) return reply.callNotFound();
      return reply.header('cache-control', REVALIDATE).sendFile('index.html');
    });
  },
  { name: 'spa' },
);
