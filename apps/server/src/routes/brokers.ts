import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adPaths,
  adSlot,
  brokerPaths,
  dealerDetail,
  dealerAdQuery,
  dealerIdInput,
  dealerSearchQuery,
  encryptedData,
  envelope,
  homeAdQuery,
  rankingsQuery,
} from '@parley/contracts';
import { ok } from '../http/ok.js';
import { withErrorResponses } from '../http/route-schemas.js';

/** The right panel's rankings and dealer search, broker detail, and the promo slots. */
export const brokerRoutes: FastifyPluginAsyncZod = async (app) => {
  const brokers = app.services.brokers;

  app.get(
    brokerPaths.rankings,
    {
      schema: {
        tags: ['brokers'],
        summary: "One page (10) of a category's newest ranking; data is AES-CBC scrambled (see dataCipher)",
        querystring: rankingsQuery,
        response: withErrorResponses({ 200: envelope(encryptedData) }),
      },
    },
    async (request) => ok(await brokers.rankings(request.query.category, request.query.page)),
  );

  app.get(
    brokerPaths.search,
    {
      schema: {
        tags: ['brokers'],
        summary: 'Brokers whose name contains the keyword; data is AES-CBC scrambled (see dataCipher)',
        querystring: dealerSearchQuery,
        response: withErrorResponses({ 200: envelope(encryptedData) }),
      },
    },
    async (request) => ok(await brokers.search(request.query.kw)),
  );

  app.post(
    brokerPaths.detail,
    {
      schema: {
        tags: ['brokers'],
        summary: "A broker's figures, details and current placings",
        body: dealerIdInput,
        response: withErrorResponses({ 200: envelope(dealerDetail) }),
      },
    },
    async (request) => ok(await brokers.detail(request.body.id)),
  );

  app.get(
    brokerPaths.ad,
    {
      schema: {
        tags: ['brokers'],
        summary: "A promo banner tied to a broker, or null",
        querystring: dealerAdQuery,
        response: withErrorResponses({ 200: envelope(adSlot) }),
      },
    },
    async (request) => ok(await brokers.brokerAd(request.query.id, request.query.lang)),
  );

  app.get(
    adPaths.home,
    {
      schema: {
        tags: ['brokers'],
        summary: 'A promo banner for a slot (1 sidebar, 2 right panel), or null',
        querystring: homeAdQuery,
        response: withErrorResponses({ 200: envelope(adSlot) }),
      },
    },
    async (request) => ok(await brokers.homeAd(request.query.type, request.query.lang)),
  );
};
