import {
  COMMENT_IMAGE_MAX_BYTES,
  zCommentImage,
  zCommentImageUploadQuery,
  zCommunityIdParam,
} from '@porta/contracts';
import {
  type App,
  AppError,
  acceptUploads,
  principalOf,
  receiveUpload,
  sendStoredFile,
} from '@porta/service-kit';
import { eq } from 'drizzle-orm';
import type { CommunityContext } from '../context.js';
import { comments, discussions, images } from '../db/schema.js';
import { assertNotBanned, viewerFor } from '../domain/access.js';
import { imageRef, storeImage } from '../domain/images.js';
import { COMMUNITY_POLICIES, readsCommunityOf } from '../policies.js';

/**
 * Comment images (02 §5): uploaded by a member of the housing company (multipart field "file",
 * checked by name, extension, size and bytes), then put on a comment; served only to members of
 * the housing company (and the developer's staff), and to the uploader until then.
 */
export async function imageRoutes(app: App, ctx: CommunityContext) {
  await acceptUploads(app, COMMENT_IMAGE_MAX_BYTES);

  app.post(
    '/images',
    {
      schema: {
        summary:
          'Upload a comment image (jpg, gif, jpeg, png up to 35,000,000 bytes; refused for banned users)',
        querystring: zCommentImageUploadQuery,
        response: { 201: zCommentImage },
      },
      config: { policy: COMMUNITY_POLICIES.resident },
    },
    async (request, reply) => {
      const p = principalOf(request);
      const viewer = await viewerFor(ctx, p, request.query.housingCompanyId, request.query.lang);
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      await assertNotBanned(ctx, viewer);
      const row = await storeImage(ctx, viewer, await receiveUpload(request, 'COM_FILE_SIZE'));
      return reply.status(201).send(imageRef(row));
    },
  );

  app.get(
    '/images/:id',
    {
      schema: { summary: 'A comment image (members of its housing company)', params: zCommunityIdParam },
      config: { policy: COMMUNITY_POLICIES.resident },
    },
    async (request, reply) => {
      const p = principalOf(request);
      const [found] = await ctx.db
        .select({
          image: images,
          commentDeleted: comments.isDeleted,
          discussionDeleted: discussions.deletedAt,
        })
        .from(images)
        .leftJoin(comments, eq(comments.id, images.commentId))
        .leftJoin(discussions, eq(discussions.id, comments.discussionId))
        .where(eq(images.id, request.params.id));
      const visible =
        !!found &&
        (found.image.commentId === null
          ? found.image.uploadedBy === p.userId
          : readsCommunityOf(p, found.image.housingCompanyId) &&
            found.commentDeleted === false &&
            found.discussionDeleted === null);
      if (!found || !visible) throw new AppError('NOT_FOUND');
      return sendStoredFile(reply, ctx.storage, found.image);
    },
  );
}
