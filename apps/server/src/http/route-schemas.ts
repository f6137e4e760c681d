import { errorEnvelope } from '@parley/contracts';

/** Adds the error envelope for 4xx/5xx to a route's success responses, for validation and the docs. */
export function withErrorResponses<T extends Record<number, unknown>>(responses: T) {
  return { ...responses, '4xx': errorEnvelope, '5xx': errorEnvelope };
}
