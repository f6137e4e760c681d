import type { Multipart } from '@fastify/multipart';
import { knowledgeLimits, knowledgeUploadFields, type KnowledgeUploadData } from '@parley/contracts';
import { AppError } from '../platform/app-error.js';
import { cleanFileName, tooManyFiles } from '../services/knowledge/knowledge-service.js';
import type { KnowledgeUpload } from '../services/knowledge/knowledge-upload.js';

const missingAppId = () =>
  new AppError('VALIDATION', 'appId: send a valid agent id before the files', [
    { path: 'appId', message: 'send a valid agent id before the files' },
  ]);

/** The agent the upload is for, from the appId field that must come before the files. */
function appIdOf(text: unknown): string | null {
  const fields = knowledgeUploadFields.safeParse({ appId: text });
  return fields.success ? fields.data.appId : null;
}

/**
 * Reads a knowledge upload as its parts arrive: the appId field, then each file, handed to the
 * upload as a stream (stored and queued, or turned away alone, as its bytes pass). Files past filesPerUpload are
 * turned away one by one; past the multipart limit the whole upload is refused (413).
 */
export async function receiveKnowledgeUpload(
  parts: AsyncIterable<Multipart>,
  open: (appId: string) => Promise<KnowledgeUpload>,
): Promise<KnowledgeUploadData> {
  const result: KnowledgeUploadData = { files: [], rejected: [] };
  let appIdText: unknown;
  let upload: KnowledgeUpload | null = null;
  let count = 0;
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'appId') appIdText = part.value;
        continue;
      }
      if (upload === null) {
        const appId = appIdOf(appIdText);
        if (appId === null) {
          part.file.resume();
          throw missingAppId();
        }
        upload = await open(appId);
      }
      const name = cleanFileName(part.filename);
      if (++count > knowledgeLimits.filesPerUpload) {
        part.file.resume();
        result.rejected.push(tooManyFiles(name));
        continue;
      }
      const added = await upload.add(name, part.file, () => part.file.truncated);
      if ('reason' in added) result.rejected.push(added);
      else result.files.push(added);
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') {
      throw new AppError('PAYLOAD_TOO_LARGE', `Upload at most ${knowledgeLimits.filesPerUpload} files at once.`);
    }
    throw error;
  }
  if (upload === null) {
    // no file: an unknown or foreign agent is still answered as such before the missing file
    const appId = appIdOf(appIdText);
    if (appId === null) throw new AppError('VALIDATION', 'appId: must be a valid id', [{ path: 'appId', message: 'must be a valid id' }]);
    await open(appId);
    throw new AppError('VALIDATION', 'file: choose at least one file to upload', [{ path: 'file', message: 'choose at least one file to upload' }]);
  }
  return result;
}
