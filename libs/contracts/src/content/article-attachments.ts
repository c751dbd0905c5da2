import { z } from 'zod';
import { zUuid } from '../common.js';
import { zAccessTokenClaims } from '../identity/principal.js';

/**
 * content gives an article's attachments to another service over request/reply, for the documents'
 * "copy attachments to documents" (03 §3 Article, ADR 0030). The asking service passes the claims
 * of the signed-in caller it has verified; content answers as it would answer that caller in the
 * staff app: an article outside the caller's editorial scope answers null, as one that does not
 * exist.
 *
 * `rpc.content.article-attachments.get.v1` lists the files; `rpc.content.article-attachment-part.get.v1`
 * gives one part of a file's bytes (base64, ATTACHMENT_PART_BYTES at most), so that a file larger than
 * a bus message goes across in parts that the asker streams into its storage.
 */
export const CONTENT_ARTICLE_ATTACHMENTS_RPC = 'rpc.content.article-attachments.get.v1';
export const CONTENT_ARTICLE_ATTACHMENT_PART_RPC = 'rpc.content.article-attachment-part.get.v1';
/** One part at most: its base64 stays well under a NATS message's 1 MB. */
export const ATTACHMENT_PART_BYTES = 256 * 1024;

export const zArticleAttachmentsRequest = z.object({
  articleId: zUuid,
  claims: zAccessTokenClaims,
});
export type ArticleAttachmentsRequest = z.infer<typeof zArticleAttachmentsRequest>;

export const zArticleAttachment = z.object({
  id: zUuid,
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int().nonnegative(),
});
export type ArticleAttachment = z.infer<typeof zArticleAttachment>;

export const zArticleAttachmentsResponse = z.object({
  /** The article's attachments in their order; null: no such article for the caller. */
  attachments: z.array(zArticleAttachment).nullable(),
});
export type ArticleAttachmentsResponse = z.infer<typeof zArticleAttachmentsResponse>;

export const zArticleAttachmentPartRequest = zArticleAttachmentsRequest.extend({
  assetId: zUuid,
  /** The first byte of the part. */
  offset: z.number().int().nonnegative(),
});
export type ArticleAttachmentPartRequest = z.infer<typeof zArticleAttachmentPartRequest>;

export const zArticleAttachmentPartResponse = z.object({
  /** The part's bytes in base64 (empty at the end); null: not an attachment of the article for the caller. */
  data: z.string().nullable(),
});
export type ArticleAttachmentPartResponse = z.infer<typeof zArticleAttachmentPartResponse>;
