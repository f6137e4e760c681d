import type { ContentBlockedData } from '@parley/contracts';
import { AppError } from '../../platform/app-error.js';
import type { KeywordMatcher } from '../moderation/keyword-matcher.js';
import { askModerationEndpoint, type ModerationInput, type ModerationSettings } from '../moderation/moderation-endpoint.js';

/** One text a publish exposes, by its form field. */
export interface CheckedText {
  path: string;
  text: string;
}

/** A picture a publish exposes (an uploaded avatar), by its form field; read only when pictures are checked. */
export interface CheckedImage {
  path: string;
  mime: string;
  read: () => Promise<Uint8Array>;
}

/** Refusals from the operator's keyword list; the matched word is named so the owner can fix it. */
export function keywordProblems(texts: CheckedText[], keywords: KeywordMatcher): ContentBlockedData {
  const problems: ContentBlockedData = [];
  for (const { path, text } of texts) {
    const hit = keywords.firstListed(text);
    if (hit) problems.push({ path, message: `Contains a word that is not allowed in public agents: "${hit}"`, source: 'keywords', word: hit });
  }
  return problems;
}

/** The moderation endpoint's results; when it cannot be asked, publishing is refused for now rather than let through unchecked. */
async function moderate(input: ModerationInput, settings: ModerationSettings) {
  try {
    return await askModerationEndpoint(input, settings);
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
    const results = await moderate(checked.map(({ text }) => text), settings);
    results.forEach((result, index) => {
      const field = checked[index];
      if (result.flagged && field) {
        problems.push({ path: field.path, message: `Flagged by the content check${flaggedBecause(result.categories)}`, source: 'moderation' });
      }
    });
  }
  for (const image of settings.checkImages ? images : []) {
    const url = `data:${image.mime};base64,${Buffer.from(await image.read()).toString('base64')}`;
    const [result] = await moderate([{ type: 'image_url', image_url: { url } }], settings);
    if (result?.flagged) {
      problems.push({ path: image.path, message: `This picture was flagged by the content check${flaggedBecause(result.categories)}`, source: 'moderation' });
    }
  }
  return problems;
}

/** The content check a publish to public runs: the keyword list first, then the moderation service if one is set. */
export function createContentChecker(deps: { keywords: () => Promise<KeywordMatcher>; moderation: ModerationSettings }) {
  return async function checkContent(texts: CheckedText[], images: CheckedImage[] = []): Promise<ContentBlockedData> {
    const byKeywords = keywordProblems(texts, await deps.keywords());
    if (byKeywords.length > 0 || deps.moderation.baseUrl === '') return byKeywords;
    return moderationProblems(texts, images, deps.moderation);
  };
}

export type ContentChecker = ReturnType<typeof createContentChecker>;
