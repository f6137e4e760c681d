import type { Multipart } from '@fastify/multipart';
import { imageLimits, imagePurpose, type ImagePurpose } from '@parley/contracts';
import { AppError } from '../platform/app-error.js';

const tooLargeMessage = `A picture can be at most ${imageLimits.maxUploadBytes / 1024 / 1024} MB.`;

/** An avatar upload's parts: exactly one `file` part, read whole, and a `purpose` field (app_avatar when absent). */
export async function receiveImageUpload(parts: AsyncIterable<Multipart>): Promise<{ purpose: ImagePurpose; bytes: Buffer }> {
  let purposeText: unknown;
  let bytes: Buffer | null = null;
  for await (const part of parts) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file' || bytes !== null) throw new AppError('VALIDATION', 'Send exactly one "file" part.');
      bytes = await part.toBuffer().catch((error: unknown) => {
        const tooLarge = (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';
        throw tooLarge ? new AppError('PAYLOAD_TOO_LARGE', tooLargeMessage) : error;
      });
    } else if (part.fieldname === 'purpose') {
      purposeText = part.value;
    }
  }
  const purpose = imagePurpose.safeParse(purposeText ?? 'app_avatar');
  if (!purpose.success) {
    throw new AppError('VALIDATION', 'purpose: must be app_avatar or user_avatar', [{ path: 'purpose', message: 'must be app_avatar or user_avatar' }]);
  }
  if (bytes === null) throw new AppError('VALIDATION', 'file: choose a picture to upload', [{ path: 'file', message: 'choose a picture to upload' }]);
  return { purpose: purpose.data, bytes };
}
