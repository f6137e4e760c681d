import { imagePaths, type UploadedImage } from '@parley/contracts';
import { http } from '../../../lib/http';

/** POST images/upload (multipart): the server checks, resizes and stores the picture. */
export function uploadAvatar(file: Blob, fileName: string): Promise<UploadedImage> {
  const form = new FormData();
  form.append('purpose', 'app_avatar');
  form.append('file', file, fileName);
  return http.post<UploadedImage>(`/api${imagePaths.upload}`, form, { silent: true });
}
