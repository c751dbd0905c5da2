import {
  type AdminPage,
  type AdminPageListQuery,
  type AdminPageWrite,
  type AssetRef,
  normalisePagePath,
  type PageTexts,
  type PublicPage,
  pageLanguageOf,
} from '@porta/contracts';
import { AppError, sortBy } from '@porta/service-kit';
import { and, asc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { ContentContext } from '../context.js';
import { pages } from '../db/schema.js';
import { isUniqueViolation, likePattern } from './articles.js';
import { assetRefs, requireAssets } from './assets.js';
import { sanitizeRichText } from './html.js';
import { languageOf, pickVariant } from './text.js';

/**
 * Public content pages (01 §2): the catch-all route shows a published page by its path with the
 * title, the first image and the HTML; anything else is 'Page not found' (404 NOT_FOUND).
 */

type PageRow = typeof pages.$inferSelect;

/** A published page by path (normalised) in the language asked for, else its default, else any. */
export async function publicPage(
  ctx: ContentContext,
  path: string,
  lang: string | undefined,
): Promise<PublicPage> {
  const normalised = normalisePagePath(path);
  const [row] = await ctx.db
    .select()
    .from(pages)
    .where(and(eq(pages.path, normalised), eq(pages.status, 'published')))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  // No (known) language asked for: the page's default language first.
  const asked = pageLanguageOf(lang) ?? languageOf(row.defaultLanguage);
  const { variant, language } = pickVariant(row.variants, asked, row.defaultLanguage);
  const [image] = await assetRefs(ctx.db, row.imageIds.slice(0, 1));
  return {
    path: row.path,
    title: variant.title,
    imageUrl: image?.url ?? null,
    html: variant.html,
    language,
  };
}

// --- Staff ------------------------------------------------------------------------------------

export function toAdminPage(row: PageRow, images: AssetRef[]): AdminPage {
  return {
    id: row.id,
    path: row.path,
    title: row.title,
    defaultLanguage: row.defaultLanguage as AdminPage['defaultLanguage'],
    variants: row.variants as AdminPage['variants'],
    imageIds: row.imageIds,
    images,
    status: row.status as AdminPage['status'],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function adminPagesOf(ctx: ContentContext, rows: PageRow[]): Promise<AdminPage[]> {
  const refs = await assetRefs(
    ctx.db,
    rows.flatMap((r) => r.imageIds),
  );
  const byId = new Map(refs.map((a) => [a.id, a]));
  return rows.map((r) =>
    toAdminPage(
      r,
      r.imageIds.flatMap((id) => byId.get(id) ?? []),
    ),
  );
}

export const PAGE_SORT_COLUMNS = {
  path: pages.path,
  title: pages.title,
  createdAt: pages.createdAt,
  updatedAt: pages.updatedAt,
} as const;

export function adminPageWhere(filter: AdminPageListQuery['filter']): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (filter?.q) {
    const p = likePattern(filter.q);
    where.push(or(ilike(pages.path, p), ilike(pages.title, p)));
  }
  if (filter?.status) where.push(eq(pages.status, filter.status));
  if (filter?.id) where.push(filter.id.length ? inArray(pages.id, filter.id) : sql`false`);
  return and(...where);
}

export function pageOrder(sort: AdminPageListQuery['sort']): SQL[] {
  const [field, order] = sort ?? ['path', 'ASC'];
  return [sortBy(PAGE_SORT_COLUMNS[field], order), asc(pages.path), asc(pages.id)];
}

export async function pageById(ctx: ContentContext, id: string): Promise<PageRow> {
  const [row] = await ctx.db.select().from(pages).where(eq(pages.id, id));
  if (!row) throw new AppError('CNT_NOT_FOUND');
  return row;
}

async function pageValues(ctx: ContentContext, input: AdminPageWrite) {
  await requireAssets(ctx.db, input.imageIds, ['image', 'article-image']);
  const variants: Record<string, PageTexts> = {};
  for (const [lang, v] of Object.entries(input.variants)) {
    if (v) variants[lang] = { title: v.title, html: sanitizeRichText(v.html) };
  }
  return {
    path: input.path,
    title: variants[input.defaultLanguage]!.title,
    variants,
    defaultLanguage: input.defaultLanguage,
    imageIds: input.imageIds,
    status: input.status,
  };
}

async function storePage<T>(store: () => Promise<T>): Promise<T> {
  try {
    return await store();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CNT_PAGE_PATH_IN_USE');
    throw error;
  }
}

export async function createPage(ctx: ContentContext, input: AdminPageWrite): Promise<PageRow> {
  const values = await pageValues(ctx, input);
  return storePage(async () => (await ctx.db.insert(pages).values(values).returning())[0]!);
}

export async function updatePage(ctx: ContentContext, id: string, input: AdminPageWrite): Promise<PageRow> {
  const values = await pageValues(ctx, input);
  return storePage(
    async () =>
      (
        await ctx.db
          .update(pages)
          .set({ ...values, updatedAt: ctx.clock.now() })
          .where(eq(pages.id, id))
          .returning()
      )[0]!,
  );
}

export async function deletePage(ctx: ContentContext, id: string): Promise<void> {
  await ctx.db.delete(pages).where(eq(pages.id, id));
}
