import { eq } from 'drizzle-orm';
import type { ImagePurpose } from '@parley/contracts';
import type { Database } from '../client.js';
import { images } from '../schema/index.js';

export type ImageRow = typeof images.$inferSelect;

/** Stored pictures (already checked and resized; the bytes in the row or in object storage). Anyone may read one by id; they are public. */
export function imageRepo(db: Database) {
  return {
    async insert(image: {
      ownerId: string;
      purpose: ImagePurpose;
      mime: string;
      width: number;
      height: number;
      size: number;
      sha256: string;
      bytes: Uint8Array | null;
      storageKey: string | null;
    }): Promise<ImageRow> {
      const [row] = await db.insert(images).values(image).returning();
      if (!row) throw new Error('image insert returned no row');
      return row;
    },

    async find(id: string): Promise<ImageRow | null> {
      const [row] = await db.select().from(images).where(eq(images.id, id)).limit(1);
      return row ?? null;
    },
  };
}

export type ImageRepo = ReturnType<typeof imageRepo>;
