import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/**
 * antd injects style tags at runtime, so styles allow 'unsafe-inline'; scripts stay 'self' only.
 * Images come from this site (uploads, built-in avatars, the app's data: and blob: pictures) and
 * from the hosts the operator allows: a remote image in an answer must not carry chat data out.
 */
function contentSecurityPolicy(imageHostsAllowed: readonly string[], frameAncestors: readonly string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...imageHostsAllowed.map((host) => `https://${host}`)].join(' '),
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors.length > 0 ? frameAncestors.join(' ') : "'none'"}`,
  ].join('; ');
}

/** A year; subdomains are left to the operator (they may serve other things over plain http). */
const strictTransportSecurity = 'max-age=31536000';

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Lets these origins frame the page being sent (CSP frame-ancestors, and no X-Frame-Options);
     * an empty list frames it nowhere, as every other page.
     */
    allowFraming(origins: readonly string[]): FastifyReply;
  }
}

/** Nothing frames Parley, except a page whose route allowed its origins (the chat widget's panel). */
export const securityHeadersPlugin = fp<{ imageHostsAllowed: readonly string[] }>(
  async (app, { imageHostsAllowed }) => {
    const policy = contentSecurityPolicy(imageHostsAllowed, []);
    const framedBy = new WeakMap<object, readonly string[]>();
    app.decorateReply('allowFraming', function allowFraming(this: FastifyReply, origins: readonly string[]) {
      framedBy.set(this, origins);
      return this;
    });
    app.addHook('onSend', async (request, reply, payload) => {
      // https on the socket, or said by X-Forwarded-Proto of a proxy trusted with TRUST_PROXY
      if (request.protocol === 'https') reply.header('strict-transport-security', strictTransportSecurity);
      const frameAncestors = framedBy.get(reply) ?? [];
      reply.header('content-security-policy', frameAncestors.length > 0 ? contentSecurityPolicy(imageHostsAllowed, frameAncestors) : policy);
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'strict-origin-when-cross-origin');
      // X-Frame-Options cannot name origins; browsers that know frame-ancestors ignore it anyway
      if (frameAncestors.length === 0) reply.header('x-frame-options', 'DENY');
      reply.header('cross-origin-opener-policy', 'same-origin');
      return payload;
    });
  },
  { name: 'security-headers' },
);
