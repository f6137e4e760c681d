import { z } from 'zod';
import type { ContentBlockedData } from '@parley/contracts';
import { AppError } from '../../platform/app-error.js';

/** One text a publish exposes, by its form field. */
export interface CheckedText {
  path: string;
  text: string;
}

/** A picture a publish exposes (an uploaded avatar), by its form field. */
export interface CheckedImage {
  path: string;
  mime: string;
  bytes: Uint8Array;
}

export interface ModerationSettings {
  /** OpenAI-compatible base URL (…/v1); empty: no moderation service. */
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
  /** Also send uploaded avatars (as image inputs; the endpoint must accept them, as omni-moderation does). */
  checkImages: boolean;
}

const moderationAnswer = z.object({
  results: z.array(z.object({ flagged: z.boolean(), categories: z.record(z.string(), z.boolean().nullable()).default({}) })),
});

const letterOrDigit = /[\p{L}\p{N}]/u;

function normalise(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/**
 * Whether `keyword` occurs in `text`. Chinese has no spaces between words, so CJK keywords match
 * anywhere; a Latin keyword must stand as a word ("ass" does not refuse "class").
 */
export function containsKeyword(text: string, keyword: string): boolean {
  const haystack = normalise(text);
  const needle = normalise(keyword).trim();
  if (needle === '') return false;
  const latin = /^[\p{Script=Latin}\p{N}\s'-]+$/u.test(needle);
  let from = 0;
  for (;;) {
    const at = haystack.indexOf(needle, from);
    if (at < 0) return false;
    if (!latin) return true;
    const before = haystack[at - 1] ?? ' ';
    const after = haystack[at + needle.length] ?? ' ';
    if (!letterOrDigit.test(before) && !letterOrDigit.test(after)) return true;
    from = at + 1;
  }
}

/** Refusals from the operator's keyword list; the matched word is named so the owner can fix it. */
export function keywordProblems(texts: CheckedText[], keywords: readonly string[]): ContentBlockedData {
  const problems: ContentBlockedData = [];
  for (const { path, text } of texts) {
    const hit = keywords.find((keyword) => containsKeyword(text, keyword));
    if (hit) problems.push({ path, message: `Contains a word that is not allowed in public agents: "${hit}"`, source: 'keywords', word: hit });
  }
  return problems;
}

/**
 * Asks an OpenAI-compatible moderation endpoint (POST {baseUrl}/moderations) about each text.
 * When it cannot be asked, publishing is refused for now rather than let through unchecked.
 */
type ModerationInput = string[] | { type: 'image_url'; image_url: { url: string } }[];

/** One POST {baseUrl}/moderations; any failure to get an answer refuses the publish for now. */
async function moderate(input: ModerationInput, settings: ModerationSettings, expected: number) {
  try {
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
    if (answer.results.length !== expected) throw new Error('moderation answered a different number of results');
    return answer.results;
  } catch {
    throw new AppError(
      'UNAVAILABLE',
      'The content check is unavailable right now, so the agent cannot be published. Please try again later.',
    );
  }
}

function flaggedBecause(categories: Record<string, boolean | null>): string {
  const flagged = Object.entries(categories)
    .filter(([, value]) => value)
    .map(([name]) => name);
  return flagged.length > 0 ? ` (${flagged.join(', ')})` : '';
}

/**
 * Asks an OpenAI-compatible moderation endpoint (POST {baseUrl}/moderations) about each text,
 * and about each picture when `checkImages` is on. When it cannot be asked, publishing is
 * refused for now rather than let through unchecked.
 */
export async function moderationProblems(
  texts: CheckedText[],
  images: CheckedImage[],
  settings: ModerationSettings,
): Promise<ContentBlockedData> {
  const problems: ContentBlockedData = [];
  const checked = texts.filter(({ text }) => text.trim() !== '');
  if (checked.length > 0) {
    const results = await moderate(checked.map(({ text }) => text), settings, checked.length);
    results.forEach((result, index) => {
      const field = checked[index];
      if (result.flagged && field) {
        problems.push({ path: field.path, message: `Flagged by the content check${flaggedBecause(result.categories)}`, source: 'moderation' });
      }
    });
  }
  for (const image of settings.checkImages ? images : []) {
    const url = `data:${image.mime};base64,${Buffer.from(image.bytes).toString('base64')}`;
    const [result] = await moderate([{ type: 'image_url', image_url: { url } }], settings, 1);
    if (result?.flagged) {
      problems.push({ path: image.path, message: `This picture was flagged by the content check${flaggedBecause(result.categories)}`, source: 'moderation' });
    }
  }
  return problems;
}

/** The content check a publish to public runs: the keyword list first, then the moderation service if one is set. */
export function createContentChecker(deps: { keywords: () => Promise<string[]>; moderation: ModerationSettings }) {
  return async function checkContent(texts: CheckedText[], images: CheckedImage[] = []): Promise<ContentBlockedData> {
    const byKeywords = keywordProblems(texts, await deps.keywords());
    if (byKeywords.length > 0 || deps.moderation.baseUrl === '') return byKeywords;
    return moderationProblems(texts, images, deps.moderation);
  };
}

export type ContentChecker = ReturnType<typeof createContentChecker>;
