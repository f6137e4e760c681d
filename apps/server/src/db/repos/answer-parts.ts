import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../client.js';
import { answerParts, chatItems } from '../schema/index.js';

/**
 * A message's text as a reader should see it: for an answer still streaming, its `content`
 * followed by the pieces saved so far (schema `answerParts`); for any other message, `content`.
 * Also what an abandoned answer keeps when it is marked interrupted (an UPDATE's SET reads the
 * row as it was, still 'streaming').
 */
export const contentSoFar: SQL<string> = sql<string>`case when ${chatItems.status} = 'streaming'
  then ${chatItems.content} || coalesce((select string_agg(${answerParts.text}, '' order by ${answerParts.startsAt}) from ${answerParts} where ${answerParts.answerId} = ${chatItems.id}), '')
  else ${chatItems.content} end`;

/** Drops the saved pieces of answers whose text is in `content` now (marked interrupted). */
export async function dropParts(on: Pick<Database, 'delete'>, answerIds: string[]): Promise<void> {
  if (answerIds.length === 0) return;
  await on.delete(answerParts).where(inArray(answerParts.answerId, answerIds));
}
