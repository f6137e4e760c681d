import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adInput, adminAdList, adminAdsPaths, adParams, adSaved, envelope, setAdEnabledRequest } from '@parley/contracts';
import { ok } from '../http/ok.js';
import { requestOperator } from '../http/request-operator.js';
import { withErrorResponses } from '../http/route-schemas.js';

const tags = ['admin'];
const savedAd = withErrorResponses({ 200: envelope(adSaved) });

/** The ads of both slots with their schedule. */
export const adminAdsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ads = app.services.adAdmin;

  app.get(
    adminAdsPaths.list,
    { schema: { tags, summary: 'Operators: every ad of both slots, with what each shows now', response: withErrorResponses({ 200: envelope(adminAdList) }) } },
    async () => ok(await ads.list()),
  );

  app.post(
    adminAdsPaths.list,
    { schema: { tags, summary: 'Operators: add an ad; says which cover hosts browsers will not load', body: adInput, response: savedAd } },
    async (request) => ok(await ads.create(requestOperator(request), request.body)),
  );

  app.put(
    adminAdsPaths.ad,
    { schema: { tags, summary: 'Operators: change every field of an ad', params: adParams, body: adInput, response: savedAd } },
    async (request) => ok(await ads.update(requestOperator(request), request.params.id, request.body)),
  );

  app.post(
    adminAdsPaths.enabled,
    { schema: { tags, summary: 'Operators: switch an ad on or off', params: adParams, body: setAdEnabledRequest, response: savedAd } },
    async (request) => ok(await ads.setEnabled(requestOperator(request), request.params.id, request.body.enabled)),
  );

  app.delete(
    adminAdsPaths.ad,
    { schema: { tags, summary: 'Operators: remove an ad', params: adParams, response: withErrorResponses({ 200: envelope(z.null()) }) } },
    async (request) => {
      await ads.remove(requestOperator(request), request.params.id);
      return ok(null);
    },
  );
};
