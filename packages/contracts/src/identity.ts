import { z } from 'zod';
export { DEVICE_ID_LENGTH } from './values/identity.js';

export const deviceNumber = z
  .string({ error: 'deviceNumber must be a string' })
  .regex(/^\d{24}$/, 'deviceNumber must be exactly 24 digits');

/** POST /api/visitor/getToken */
export const getVisitorTokenRequest = z.object({ deviceNumber });
export type GetVisitorTokenRequest = z.infer<typeof getVisitorTokenRequest>;
export const getVisitorTokenData = z.object({
  visitorToken: z.string(),
  expiresAt: z.iso.datetime(),
});
export type GetVisitorTokenData = z.infer<typeof getVisitorTokenData>;

/** GET /api/identity (and /api/visitor/identity): who the server takes the caller to be. */
export const identityData = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), userId: z.string(), username: z.string() }),
  z.object({ kind: z.literal('visitor'), visitorId: z.string() }),
]);
export type IdentityData = z.infer<typeof identityData>;
