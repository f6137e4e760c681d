import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { chatItems } from '../schema/index.js';
import { contentSoFar, dropParts } from './answer-parts.js';

export const interruptedMessage = 'The answer was interrupted.';

/** An answer a dead process left streaming: failed as interrupted, keeping the text saved so far. */
export const markedInterrupted = { status: 'error' as const, error: interruptedMessage, content: contentSoFar, updatedAt: sql`now()` };

/**
 * Startup recovery, across all owners: answers left 'streaming' by a process that died.
 * Live streams touch their answer every few seconds, so only untouched ones are marked.
 */
export async function markInterruptedAnswers(db: Database, staleAfterMs: number): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(chatItems)
      .set(markedInterrupted)
      .where(
        and(
          eq(chatItems.status, 'streaming'),
          lt(chatItems.updatedAt, sql`now() - make_interval(secs => ${staleAfterMs / 1000})`),
        ),
      )
      .returning({ id: chatItems.id });
    await dropParts(tx, rows.map((row) => row.id));
    return rows.length;
  });
}
