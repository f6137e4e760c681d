import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { headers } from '@parley/contracts';

/** OpenAPI from the routes' zod schemas; must be registered before the routes it documents. */
export const docsPlugin = fp(
  async (app) => {
    if (app.config.DOCS === 'off') return;
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Parley API',
          description:
            'Every JSON response is `{ code, msg, data }`; `code` 0 is success. ' +
            'Routes under /api need a user token; their twins under /api/visitor need a visitor token.',
          version: '0.1.0',
        },
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer' },
            userToken: { type: 'apiKey', in: 'header', name: headers.userToken },
            visitorToken: { type: 'apiKey', in: 'header', name: headers.visitorToken },
            deviceId: { type: 'apiKey', in: 'header', name: headers.deviceId },
            accessToken: { type: 'apiKey', in: 'header', name: headers.accessToken },
          },
        },
      },
      transform: jsonSchemaTransform,
    });
    // The UI loads only its own script files, so the site-wide CSP fits it. Its built-in policy
    // adds upgrade-insecure-requests, which would break the page on plain-http deployments.
    await app.register(swaggerUi, { routePrefix: '/docs' });
  },
  { name: 'docs', dependencies: ['services'] },
);
