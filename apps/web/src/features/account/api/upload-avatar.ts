import { imagePaths, type UploadedImage } from '@parley/contracts';
import { http } from '../../../lib/http';

/** POST /api/images/upload (multipart: file + purpose user_avatar): the server checks, resizes and stores it. */
export function uploadAvatar(file: File): Promise<UploadedImage> {
  const form = new FormData();
  form.append('purpose', 'user_avatar');
  form.append('file', file);
  return http.post<UploadedImage>(`/api${imagePaths.upload}`, form, { silent: true });
}
