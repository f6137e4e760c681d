import { searchTerms } from './segment.js';

/**
 * Two questions are alike when their meaningful words overlap this much (Dice): "is leverage
 * risky" and "is high leverage risky" (0.8) are, "what is a spread" and "what is the spread on
 * gold" (0.67) are not.
 */
export const alikeThreshold = 0.75;

export interface QuestionGroup {
  /** The first wording given (callers pass the newest first). */
  question: string;
  count: number;
  /** Distinct wordings in the group. */
  wordings: number;
}

/** A wording as it reads: case, spacing and closing punctuation aside. */
function wording(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').replace(/[\s\p{P}]+$/u, '');
}

function dice(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  return (2 * shared) / (a.size + b.size);
}

/**
 * Groups questions that ask the same thing: the same meaningful words (however spaced, cased or
 * punctuated), or words that overlap at least `alikeThreshold` with a group's first question.
 * Questions without meaningful words ("?", "hi") group by their text. Largest groups first;
 * between equals, the one asked most recently (earliest in `questions`).
 */
export function groupQuestions(questions: readonly string[], limit: number): QuestionGroup[] {
  const groups: { terms: Set<string>; key: string; count: number; wordings: Set<string>; question: string; order: number }[] = [];
  const byKey = new Map<string, (typeof groups)[number]>();
  for (const question of questions) {
    const text = question.trim();
    if (text === '') continue;
    const terms = new Set(searchTerms(text));
    const key = terms.size > 0 ? [...terms].sort().join(' ') : text.toLowerCase();
    let group = byKey.get(key) ?? (terms.size > 0 ? groups.find((candidate) => dice(candidate.terms, terms) >= alikeThreshold) : undefined);
    if (!group) {
      group = { terms, key, count: 0, wordings: new Set(), question: text, order: groups.length };
      groups.push(group);
    }
    byKey.set(key, group);
    group.count += 1;
    group.wordings.add(wording(text));
  }
  return groups
    .sort((a, b) => b.count - a.count || a.order - b.order)
    .slice(0, limit)
    .map(({ question, count, wordings }) => ({ question, count, wordings: wordings.size }));
}
