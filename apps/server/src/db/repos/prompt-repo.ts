import { asc, eq } from 'drizzle-orm';
import type { StoredPrompt } from '@parley/contracts';
import type { Database } from '../client.js';
import { prompts } from '../schema/index.js';

/** Rows per insert statement, well under PostgreSQL's bind-parameter limit. */
const insertBatch = 500;

/** A user's prompt store; every query is keyed by the user it belongs to. */
export function promptRepo(db: Database) {
  return {
    async list(userId: string): Promise<StoredPrompt[]> {
      return db
        .select({ title: prompts.title, content: prompts.content })
        .from(prompts)
        .where(eq(prompts.userId, userId))
        .orderBy(asc(prompts.position));
    },

    /** The whole store at once, in one transaction: a reader sees the old list or the new one. */
    async replace(userId: string, list: StoredPrompt[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(prompts).where(eq(prompts.userId, userId));
        const rows = list.map((prompt, position) => ({ userId, title: prompt.title, content: prompt.content, position }));
        for (let start = 0; start < rows.length; start += insertBatch) {
          await tx.insert(prompts).values(rows.slice(start, start + insertBatch));
        }
      });
    },
  };
}

export type PromptRepo = ReturnType<typeof promptRepo>;
