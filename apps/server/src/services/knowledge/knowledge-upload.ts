import type { KnowledgeFile, RejectedUpload } from '@parley/contracts';
import type { KnowledgeFileListRow, KnowledgeRepo } from '../../db/repos/knowledge-repo.js';
import { createKnowledgeTypeCheck, typeCheckHeadBytes } from '../../knowledge/detect-type.js';
import { rejection } from '../../knowledge/problems.js';
import type { ObjectStorage, StoredFile } from '../../platform/object-storage.js';
import { knowledgeProcessJob } from './knowledge-processing.js';

export interface KnowledgeUploadDeps {
  knowledge: Pick<KnowledgeRepo, 'storedBytes' | 'insertQueued'>;
  storage: Pick<ObjectStorage, 'store' | 'discard'>;
  settings: { maxFileBytes: number; maxAgentBytes: number };
}

/** Thrown into the storing of a file that its size already turns away: storing stops there. */
class TooBigToStore extends Error {}

/**
 * Takes an agent's uploaded files one by one, each as its bytes arrive: checked (per-file limit,
 * empty, the agent's total, type by content) and stored and queued, or turned away alone. A file
 * is never held whole in memory for this: its type is told from its first bytes and the rest as it
 * passes on to the storage, and one that cannot be taken is read through unstored.
 */
export async function openKnowledgeUpload(deps: KnowledgeUploadDeps, appId: string, toFile: (row: KnowledgeFileListRow) => KnowledgeFile) {
  const { knowledge, storage, settings } = deps;
  let stored = await knowledge.storedBytes(appId);

  return {
    /** `truncated`: whether the upload stopped reading the file at the per-file limit (known as it is read). */
    async add(name: string, content: AsyncIterable<Uint8Array>, truncated: () => boolean): Promise<KnowledgeFile | RejectedUpload> {
      const check = createKnowledgeTypeCheck(name);
      const pieces = content[Symbol.asyncIterator]();
      let size = 0;
      const next = async (): Promise<Uint8Array | null> => {
        const piece = await pieces.next();
        if (piece.done) return null;
        check.push(piece.value);
        size += piece.value.byteLength;
        return piece.value;
      };
      const fits = () => !truncated() && size <= settings.maxFileBytes && stored + size <= settings.maxAgentBytes;

      const head: Uint8Array[] = [];
      while (size < typeCheckHeadBytes) {
        const piece = await next();
        if (!piece) break;
        head.push(piece);
      }
      let file: StoredFile | null = null;
      if (size > 0 && check.promising() && fits()) {
        const rest = async function* () {
          yield* head;
          for (;;) {
            const piece = await next();
            if (!piece) return;
            if (!fits()) throw new TooBigToStore();
            yield piece;
          }
        };
        try {
          file = await storage.store('knowledge', rest());
        } catch (error) {
          if (!(error instanceof TooBigToStore)) throw error;
        }
      }
      while ((await next()) !== null) {
        // what is not stored is still read through: its size and the rest of its content decide why
      }

      const sizeProblem =
        truncated() || size > settings.maxFileBytes
          ? rejection(name, { code: 'fileTooLarge', params: { maxBytes: settings.maxFileBytes } })
          : size === 0
            ? rejection(name, { code: 'fileEmpty', params: {} })
            : stored + size > settings.maxAgentBytes
              ? overTotal(name)
              : null;
      const detected = check.finish();
      const refuse = async (refused: RejectedUpload) => {
        if (file?.storageKey) await storage.discard([file.storageKey]);
        return refused;
      };
      if (!detected.ok) return refuse(sizeProblem ?? rejection(name, detected.problem));
      if (sizeProblem) return refuse(sizeProblem);
      if (!file) throw new Error('a knowledge file passed its checks without being stored');
      const row = await knowledge.insertQueued(
        { appId, name, mime: detected.mime, size: file.size, sha256: file.sha256, bytes: file.bytes, storageKey: file.storageKey },
        knowledgeProcessJob,
        settings.maxAgentBytes,
      );
      if (!row) return refuse(overTotal(name));
      stored += file.size;
      return toFile(row);
    },
  };

  function overTotal(name: string) {
    return rejection(name, { code: 'agentTotalExceeded', params: { maxBytes: settings.maxAgentBytes } });
  }
}

/** An upload opened to one agent, taking its files one by one. */
export type KnowledgeUpload = Awaited<ReturnType<typeof openKnowledgeUpload>>;
