import type { Database } from '../client.js';
import { questionRefusals, type refusalSources } from '../schema/index.js';

export type RefusalSource = (typeof refusalSources)[number];

/** Questions the content check refused: one row each, for the dashboard's count (no text is kept). */
export function questionRefusalRepo(db: Database) {
  return {
    async record(refusal: { appId: string | null; refusedBy: RefusalSource }): Promise<void> {
      await db.insert(questionRefusals).values(refusal);
    },
  };
}
