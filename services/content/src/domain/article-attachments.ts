import {
  type ArticleAttachmentPartRequest,
  type ArticleAttachmentPartResponse,
  type ArticleAttachmentsRequest,
  type ArticleAttachmentsResponse,
  ATTACHMENT_PART_BYTES,
  CONTENT_ARTICLE_ATTACHMENT_PART_RPC,
  CONTENT_ARTICLE_ATTACHMENTS_RPC,
  zArticleAttachmentPartRequest,
  zArticleAttachmentsRequest,
} from '@porta/contracts';
import { type Bus, Principal, StorageNotFoundError, type Subscription } from '@porta/service-kit';
import { and, eq, inArray } from 'drizzle-orm';
import type { ContentContext } from '../context.js';
import { articles, assets } from '../db/schema.js';
import { editorialScope } from './articles.js';

/**
 * An article's attachments for another service that copies them (the documents' "copy attachments
 * to documents", 03 §3): the caller is the staff member whose verified claims the asking service
 * passes, and gets what the staff app would show them, an article in their editorial scope.
 */

type AssetRow = typeof assets.$inferSelect;

/** The article's attachments in their order, or null when the caller may not edit it. */
async function attachmentsOf(
  ctx: ContentContext,
  request: ArticleAttachmentsRequest,
): Promise<AssetRow[] | null> {
  const p = new Principal(request.claims);
  const [article] = await ctx.db
    .select({ attachmentIds: articles.attachmentIds })
    .from(articles)
    .where(and(eq(articles.id, request.articleId), editorialScope(articles, p)));
  if (!article) return null;
  if (article.attachmentIds.length === 0) return [];
  const rows = await ctx.db
    .select()
    .from(assets)
    .where(and(inArray(assets.id, article.attachmentIds), eq(assets.purpose, 'attachment')));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return article.attachmentIds.flatMap((id) => byId.get(id) ?? []);
}

export async function articleAttachments(
  ctx: ContentContext,
  request: ArticleAttachmentsRequest,
): Promise<ArticleAttachmentsResponse> {
  const rows = await attachmentsOf(ctx, request);
  return {
    attachments:
      rows?.map((r) => ({ id: r.id, fileName: r.fileName, mimeType: r.mimeType, size: r.size })) ?? null,
  };
}

/** Bytes offset.. of one of the article's attachments (ATTACHMENT_PART_BYTES at most; none past the end). */
export async function articleAttachmentPart(
  ctx: ContentContext,
  request: ArticleAttachmentPartRequest,
): Promise<ArticleAttachmentPartResponse> {
  const row = (await attachmentsOf(ctx, request))?.find((r) => r.id === request.assetId);
  if (!row) return { data: null };
  if (request.offset >= row.size) return { data: '' };
  const end = Math.min(row.size, request.offset + ATTACHMENT_PART_BYTES) - 1;
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of await ctx.storage.get(row.storageKey, { start: request.offset, end })) {
      chunks.push(chunk as Buffer);
    }
    return { data: Buffer.concat(chunks).toString('base64') };
  } catch (error) {
    if (error instanceof StorageNotFoundError) return { data: null };
    throw error;
  }
}

/** Answer the two requests (see articleAttachments and articleAttachmentPart). */
export async function answerArticleAttachments(ctx: ContentContext, bus: Bus): Promise<Subscription[]> {
  return [
    await bus.reply(CONTENT_ARTICLE_ATTACHMENTS_RPC, async (data) =>
      articleAttachments(ctx, zArticleAttachmentsRequest.parse(data)),
    ),
    await bus.reply(CONTENT_ARTICLE_ATTACHMENT_PART_RPC, async (data) =>
      articleAttachmentPart(ctx, zArticleAttachmentPartRequest.parse(data)),
    ),
  ];
}
