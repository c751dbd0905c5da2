import {
  SERVICE_REQUEST_ATTACHMENT_MAX_BYTES,
  zServiceRequestAttachment,
  zServiceRequestHousingCompanyQuery,
  zServiceRequestIdParam,
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
import type { ServiceRequestsContext } from '../context.js';
import { attachments } from '../db/schema.js';
import { enterHousingCompany, loadRequest } from '../domain/access.js';
import { attachmentRef, requestOfAttachment, storeAttachment } from '../domain/attachments.js';
import { SERVICE_REQUEST_POLICIES } from '../policies.js';

/** Shown in the browser; every other file is offered as a download. */
const INLINE = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/pdf']);

/**
 * Attachments (02 §3 attachment upload, §5, §9): uploaded for a housing company (multipart field
 * "file", checked by name, extension, size and bytes), then put on a request or a response by id;
 * served to those who may read the request, and to the uploader until then (others: 404).
 */
export async function attachmentRoutes(app: App, ctx: ServiceRequestsContext) {
  await acceptUploads(app, SERVICE_REQUEST_ATTACHMENT_MAX_BYTES);

  app.post(
    '/attachments',
    {
      schema: {
        summary:
          'Upload an attachment (up to 36,700,160 bytes; the allowed extensions; zip, rar, tar for staff only)',
        querystring: zServiceRequestHousingCompanyQuery,
        response: { 201: zServiceRequestAttachment },
      },
      config: { policy: SERVICE_REQUEST_POLICIES.signedIn },
    },
    async (request, reply) => {
      const p = principalOf(request);
      const entry = await enterHousingCompany(ctx, p, request.query.housingCompanyId, request.query.lang);
      const upload = await receiveUpload(request, 'SRQ_FILE_SIZE');
      const row = await storeAttachment(ctx, p, entry.housingCompanyId, upload);
      return reply.status(201).send(attachmentRef(row));
    },
  );

  app.get(
    '/attachments/:id',
    {
      schema: {
        summary: 'An attachment (whoever may read its request; the uploader until it is on one)',
        params: zServiceRequestIdParam,
      },
      config: { policy: SERVICE_REQUEST_POLICIES.signedIn },
    },
    async (request, reply) => {
      const p = principalOf(request);
      const [row] = await ctx.db.select().from(attachments).where(eq(attachments.id, request.params.id));
      if (!row) throw new AppError('NOT_FOUND');
      const requestId = await requestOfAttachment(ctx.db, row);
      if (requestId === null) {
        if (row.uploadedBy !== p.userId) throw new AppError('NOT_FOUND');
      } else {
        await loadRequest(ctx, p, requestId, undefined).catch((error: unknown) => {
          throw error instanceof AppError && error.code === 'SRQ_NOT_FOUND'
            ? new AppError('NOT_FOUND')
            : error;
        });
      }
      return sendStoredFile(reply, ctx.storage, row, INLINE.has(row.mimeType) ? 'inline' : 'attachment');
    },
  );
}
