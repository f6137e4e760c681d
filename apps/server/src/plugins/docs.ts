import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { headers } from '@parley/contracts';
import { openapiRouteTransform } from '../http/openapi-document.js';

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
            'Routes under /api need a user token; their twins under /api/visitor need a visitor token. ' +
            'A path called with a method it does not have answers 405 with an `Allow` header listing those it has.',
          version: '0.1.0',
        },
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer' },
            agentKey: { type: 'http', scheme: 'bearer', description: "An agent's API key (pk_…), for /v1 only" },
            userToken: { type: 'apiKey', in: 'header', name: headers.userToken },
            visitorToken: { type: 'apiKey', in: 'header', name: headers.visitorToken },
            deviceId: { type: 'apiKey', in: 'header', name: headers.deviceId },
            accessToken: { type: 'apiKey', in: 'header', name: headers.accessToken },
          },
        },
      },
      transform: openapiRouteTransform({ models: app.config.LLM_MODELS }),
    });
    // The UI loads only its own script files, so the site-wide CSP fits it. Its built-in policy
    // adds upgrade-insecure-requests, which would break the page on plain-http deployments.
    await app.register(swaggerUi, { routePrefix: '/docs' });
  },
  { name: 'docs', dependencies: ['services'] },
);
