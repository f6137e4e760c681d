import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { unansweredQuestions } from '../schema/index.js';

/** The same question however it is spaced, cased or punctuated at the end hashes alike. */
export function questionHash(question: string): string {
  const normalised = question
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[\s\p{P}]+$/u, '')
    .trim();
  return createHash('sha256').update(normalised).digest('hex');
}

/** Questions an agent had no reliable source for, counted per distinct question. */
export function unansweredRepo(db: Database) {
  return {
    /**
     * Notes that `question` found no source: a new row, or the existing one asked once more
     * (and open again if it had been answered, since the answer did not match this time).
     * `chatItemId` is the question's message, the latest asking of it.
     */
    async record(appId: string, question: string, chatItemId: string | null): Promise<void> {
      const text = question.trim();
      await db
        .insert(unansweredQuestions)
        .values({ appId, question: text, questionHash: questionHash(text), lastChatItemId: chatItemId })
        .onConflictDoUpdate({
          target: [unansweredQuestions.appId, unansweredQuestions.questionHash],
          set: {
            askCount: sql`${unansweredQuestions.askCount} + 1`,
            lastAskedAt: sql`now()`,
            lastChatItemId: chatItemId,
            answeredAt: sql`null`,
          },
        });
    },
  };
}

export type UnansweredRepo = ReturnType<typeof unansweredRepo>;
