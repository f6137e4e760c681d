import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, imageLimits, imagePaths, imageUploadForm, uploadedImage } from '@parley/contracts';
import { AppError } from '../platform/app-error.js';
import { receiveImageUpload } from '../http/image-upload.js';
import { ok } from '../http/ok.js';
import { requestOwner } from '../http/request-owner.js';
import { withErrorResponses } from '../http/route-schemas.js';
import { ownerKey } from '../db/repos/owner-scope.js';

/** Avatar upload: multipart with one `file` part and a `purpose` field (contracts images.ts). */
export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: imageLimits.maxUploadBytes, files: 1, fields: 4, fieldSize: 1024, parts: 5 },
  });
  const images = app.services.images;

  app.post(
    imagePaths.upload,
    {
      // resizing costs CPU: per account, generous for a person choosing an avatar
      config: {
        rateLimit: { max: 30, timeWindow: '1 minute', keyGenerator: (request: FastifyRequest) => `image:${ownerKey(requestOwner(request))}` },
        multipartForm: imageUploadForm,
      },
      schema: {
        tags: ['images'],
        summary: 'Upload an avatar picture: checked by content, resized to a square, stored',
        response: withErrorResponses({ 200: envelope(uploadedImage) }),
      },
    },
    async (request) => {
      const owner = requestOwner(request);
      if (owner.userId === null) throw new AppError('LOGIN_REQUIRED');
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the picture as multipart/form-data with a "file" part.');
      const { purpose, bytes } = await receiveImageUpload(request.parts());
      return ok(await images.upload(owner.userId, purpose, bytes));
    },
  );
};
