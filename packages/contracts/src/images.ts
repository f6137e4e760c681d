import { z } from 'zod';

/**
 * Avatar pictures (agents and profiles). The upload is multipart/form-data with one `file`
 * part and a `purpose` field; the server checks the type by content (not by name or header),
 * refuses anything over `imageLimits.maxUploadBytes`, resizes to a square of
 * `imageLimits.avatarSize` pixels and stores it. The answer's `url` is what an agent's or a
 * user's avatar field holds. Upload is relative to `/api` (logged-in users only); the picture
 * itself is public at `imagePaths.file`.
 */
export const imagePaths = {
  upload: '/images/upload',
  /** Public, cacheable; `:id` is the image id. */
  file: '/files/images/:id',
} as const;

/** An id as the database keeps it (a UUID, lower-case hex): anything else is refused before a query. */
export const uuidPattern = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** An avatar field's value: an uploaded image by id, or a built-in avatar by key. */
export const avatarPathPattern = new RegExp(`^/files/(images/${uuidPattern}|avatars/[a-z0-9-]{1,40}\\.svg)$`);

/** The id in an uploaded image's path, or undefined. */
export function uploadedImageId(path: string): string | undefined {
  return new RegExp(`^/files/images/(${uuidPattern})$`).exec(path)?.[1];
}

export const imageLimits = {
  maxUploadBytes: 5 * 1024 * 1024,
  /** Stored avatars are square, this many pixels a side. */
  avatarSize: 256,
  acceptedTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
} as const;

export const imagePurpose = z.enum(['app_avatar', 'user_avatar']);
export type ImagePurpose = z.infer<typeof imagePurpose>;

/** The non-file part of the multipart upload. */
export const uploadImageFields = z.object({ purpose: imagePurpose });

/** The whole multipart form, as the API document publishes it: the field, then one file part. */
export const imageUploadForm = uploadImageFields.extend({
  file: z.file().describe(`The picture (${imageLimits.acceptedTypes.join(', ')}), at most ${imageLimits.maxUploadBytes} bytes; checked by content`),
});

export const uploadedImage = z.object({
  id: z.uuid(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadedImage = z.infer<typeof uploadedImage>;

/** The public URL of a stored image. */
export function imageUrl(id: string): string {
  return imagePaths.file.replace(':id', id);
}
