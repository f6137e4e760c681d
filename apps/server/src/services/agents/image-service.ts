import sharp from 'sharp';
import { imageLimits, imageUrl, type ImagePurpose, type UploadedImage } from '@parley/contracts';
import type { Readable } from 'node:stream';
import type { ImageRepo, ImageRow } from '../../db/repos/image-repo.js';
import { AppError } from '../../platform/app-error.js';
import type { ObjectStorage } from '../../platform/object-storage.js';

type AcceptedType = (typeof imageLimits.acceptedTypes)[number];

/** The picture type by its first bytes; what the file is called or claims to be does not count. */
export function sniffImageType(bytes: Uint8Array): AcceptedType | null {
  const starts = (signature: number[], at = 0) => signature.every((byte, i) => bytes[at + i] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'image/gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

/** Refuses decompression bombs: a small file claiming a huge canvas. */
const maxInputPixels = 40_000_000;
const notAPicture = 'This file is not a picture. Use a PNG, JPEG, WebP or GIF image.';

/**
 * Avatar uploads: checked by content, cut to a centred square of `imageLimits.avatarSize`
 * pixels (first frame of an animation, EXIF rotation applied, metadata dropped) and stored as WebP.
 */
export function createImageService(deps: { images: ImageRepo; storage: Pick<ObjectStorage, 'store' | 'open' | 'read'> }) {
  return {
    async upload(ownerId: string, purpose: ImagePurpose, bytes: Uint8Array): Promise<UploadedImage> {
      if (bytes.byteLength > imageLimits.maxUploadBytes) {
        throw new AppError('PAYLOAD_TOO_LARGE', `A picture can be at most ${imageLimits.maxUploadBytes / 1024 / 1024} MB.`);
      }
      if (bytes.byteLength === 0 || sniffImageType(bytes) === null) throw new AppError('UNSUPPORTED_MEDIA_TYPE', notAPicture);
      const size = imageLimits.avatarSize;
      let output: Buffer;
      try {
        output = await sharp(bytes, { limitInputPixels: maxInputPixels, animated: false })
          .rotate()
          .resize(size, size, { fit: 'cover', position: 'centre' })
          .webp({ quality: 86 })
          .toBuffer();
      } catch {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'This picture could not be read. It may be damaged or too large in pixels.');
      }
      // a resized avatar is a few KB: held whole, and stored as one piece
      const stored = await deps.storage.store('images', output);
      const row = await deps.images.insert({
        ownerId,
        purpose,
        mime: 'image/webp',
        width: size,
        height: size,
        size: stored.size,
        sha256: stored.sha256,
        bytes: stored.bytes,
        storageKey: stored.storageKey,
      });
      return { id: row.id, url: imageUrl(row.id), width: row.width, height: row.height };
    },

    async find(id: string): Promise<ImageRow | null> {
      return deps.images.find(id);
    },

    /** The picture's bytes to send: from its row, or streamed from object storage. */
    async content(image: ImageRow): Promise<Uint8Array | Readable> {
      return image.bytes ?? deps.storage.open(image);
    },

    /** The whole picture, for the content check. */
    async bytes(image: ImageRow): Promise<Uint8Array> {
      return deps.storage.read(image);
    },
  };
}

export type ImageService = ReturnType<typeof createImageService>;
