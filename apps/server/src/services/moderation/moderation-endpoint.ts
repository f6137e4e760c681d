import { z } from 'zod';

export interface ModerationSettings {
  /** OpenAI-compatible base URL (…/v1); empty: no moderation service. */
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
  /** Also send uploaded avatars (as image inputs; the endpoint must accept them, as omni-moderation does). */
  checkImages: boolean;
}

export type ModerationInput = string[] | { type: 'image_url'; image_url: { url: string } }[];

const moderationAnswer = z.object({
  results: z.array(z.object({ flagged: z.boolean(), categories: z.record(z.string(), z.boolean().nullable()).default({}) })),
});

export type ModerationResult = z.infer<typeof moderationAnswer>['results'][number];

/**
 * One POST {baseUrl}/moderations, one result per input. Throws when no usable answer came (HTTP
 * error, timeout, unreadable body, a different number of results): each caller decides whether
 * that refuses or lets through.
 */
export async function askModerationEndpoint(input: ModerationInput, settings: ModerationSettings): Promise<ModerationResult[]> {
  const response = await fetch(`${settings.baseUrl.replace(/\/+$/, '')}/moderations`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
    },
    body: JSON.stringify({ model: settings.model, input }),
    signal: AbortSignal.timeout(settings.timeoutMs),
  });
  if (!response.ok) throw new Error(`moderation answered HTTP ${response.status}`);
  const answer = moderationAnswer.parse(await response.json());
  if (answer.results.length !== input.length) throw new Error('moderation answered a different number of results');
  return answer.results;
}
