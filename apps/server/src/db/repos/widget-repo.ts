import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { preparedOnce } from '../prepared.js';
import { apps } from '../schema/index.js';

/** What the widget needs of an agent: its card, its visibility and where it may be shown. */
export interface WidgetAgent {
  id: string;
  ownerId: string | null;
  name: string;
  avatarUrl: string | null;
  intro: string;
  openingMessage: string;
  suggestedQuestions: string[];
  visibility: 'private' | 'unlisted' | 'public';
  hiddenAt: Date | null;
  widgetOrigins: string[];
}

const widgetColumns = {
  id: apps.id,
  ownerId: apps.ownerId,
  name: apps.name,
  avatarUrl: apps.avatarUrl,
  intro: apps.intro,
  openingMessage: apps.openingMessage,
  suggestedQuestions: apps.suggestedQuestions,
  visibility: apps.visibility,
  hiddenAt: apps.hiddenAt,
  widgetOrigins: apps.widgetOrigins,
};

/** Agents' widget origins: read for every loader and panel load, written by the owner. */
export function widgetRepo(db: Database) {
  return {
    /** A live agent (not the official assistant), whoever owns it. */
    async find(appId: string): Promise<WidgetAgent | null> {
      const query = preparedOnce(db, 'find_widget_agent', () =>
        db
          .select(widgetColumns)
          .from(apps)
          .where(and(eq(apps.id, sql.placeholder('appId')), isNull(apps.deletedAt), eq(apps.isOfficial, false)))
          .limit(1)
          .prepare('find_widget_agent'),
      );
      const [found] = await query.execute({ appId });
      return found ?? null;
    },

    /** Replaces the origins of `ownerId`'s live agent; null when it is not theirs (or gone). */
    async saveOrigins(appId: string, ownerId: string, origins: string[]): Promise<WidgetAgent | null> {
      const [saved] = await db
        .update(apps)
        .set({ widgetOrigins: origins })
        .where(and(eq(apps.id, appId), eq(apps.ownerId, ownerId), isNull(apps.deletedAt), eq(apps.isOfficial, false)))
        .returning(widgetColumns);
      return saved ?? null;
    },
  };
}

export type WidgetRepo = ReturnType<typeof widgetRepo>;
