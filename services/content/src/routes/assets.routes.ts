import multipart from '@fastify/multipart';
import {
  ATTACHMENT_MAX_BYTES,
  IMAGE_MAX_BYTES,
  zAssetUploadQuery,
  zAssetUploadResponse,
  zIdParam,
} from '@porta/contracts';
import { type App, AppError, principalOf, receiveUpload, StorageNotFoundError } from '@porta/service-kit';
import type { ContentContext } from '../context.js';
import { readableAsset } from '../domain/asset-access.js';
import { assetRef, storeAsset } from '../domain/assets.js';
import { CONTENT_POLICIES } from '../policies.js';

/** Uploading images and attachments for content, and serving them. */
export async function assetRoutes(app: App, ctx: ContentContext) {
  await app.register(multipart, {
    limits: { files: 1, fileSize: Math.max(IMAGE_MAX_BYTES, ATTACHMENT_MAX_BYTES) + 1, fields: 5 },
    throwFileSizeLimit: false,
    // Keep the name as sent, so that a path or a backslash in it is refused rather than cut off.
    preservePath: true,
  });

  app.post(
    '/admin/assets',
    {
      schema: {
        summary: 'Upload an image or attachment (multipart field "file"), checked against the purpose',
        querystring: zAssetUploadQuery,
        response: { 201: zAssetUploadResponse },
      },
      config: { policy: CONTENT_POLICIES.assetsUpload },
    },
    async (request, reply) => {
      const p = principalOf(request);
      const upload = await receiveUpload(request, 'CNT_FILE_SIZE');
      const row = await storeAsset(ctx, upload, request.query.purpose, {
        userId: p.userId,
        mayUploadArchives: p.hasRole('yitUser'),
      });
      return reply.status(201).send(assetRef(row));
    },
  );

  app.get(
    '/assets/:id',
    {
      schema: {
        summary: 'An image (public) or an attachment (whoever may read an item that carries it)',
        params: zIdParam,
      },
      config: {
        policy: CONTENT_POLICIES.public('images show on public pages; attachments are checked below'),
      },
    },
    async (request, reply) => {
      const row = await readableAsset(ctx, request.principal ?? undefined, request.params.id);
      try {
        const body = await ctx.storage.get(row.storageKey);
        const disposition = row.purpose === 'attachment' ? 'attachment' : 'inline';
        // The content-security-policy: opened on its own (not in an img), a file may not run
        // anything or load more (the demo's pictures are svg).
        return reply
          .header('content-type', row.mimeType)
          .header('content-length', row.size)
          .header(
            'cache-control',
            row.purpose === 'attachment' ? 'private, max-age=3600' : 'public, max-age=86400',
          )
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .header(
            'content-disposition',
            `${disposition}; filename*=UTF-8''${encodeURIComponent(row.fileName)}`,
          )
          .send(body);
      } catch (error) {
        if (error instanceof StorageNotFoundError) throw new AppError('NOT_FOUND');
        throw error;
      }
    },
  );
}
