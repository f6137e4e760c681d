import { z } from 'zod';
import { streamErrorKinds } from './values/chats.js';

/** Why an answer failed, so the client can say it in the user's language (each kind: values/chats.ts). */
export const streamErrorKind = z.enum(streamErrorKinds);
export type StreamErrorKind = z.infer<typeof streamErrorKind>;
