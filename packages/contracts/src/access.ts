import { z } from 'zod';

/** POST /session: whether a site access password is configured, and the chat model in use. */
export const sessionData = z.object({
  auth: z.boolean(),
  model: z.string(),
});
export type SessionData = z.infer<typeof sessionData>;

/** POST /verify: checks the access password typed into the 403 overlay. */
export const verifyRequest = z.object({
  token: z
    .string({ error: 'token must be a string' })
    .trim()
    .min(1, 'Please enter the access password')
    .max(512, 'The access password is too long'),
});
export type VerifyRequest = z.infer<typeof verifyRequest>;
export const verifyData = z.object({
  /** What the client stores and sends in the access header; never the password itself. */
  accessToken: z.string(),
});
export type VerifyData = z.infer<typeof verifyData>;
