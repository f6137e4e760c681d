import { z } from 'zod';

/** Wraps a data schema in the `{ code, msg, data }` envelope every JSON response uses. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}

/** The envelope of an error: `data` carries optional details (for validation, the issues). */
export const errorEnvelope = envelope(z.unknown().nullable());
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}
