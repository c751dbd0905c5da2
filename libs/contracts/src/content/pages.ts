import { z } from 'zod';
import { zAdminListQuery, zIsoDateTime, zUuid } from '../common.js';
import { LANGUAGES } from '../constants.js';
import { zAssetRef, zContentLanguage, zContentStatus, zVariants } from './common.js';

/**
 * Public content pages for the catch-all route (01 §2): fetched by path and optional language,
 * shown with title, first image and HTML; anything else is 'Page not found'. The footer's pages
 * are terms-and-conditions, privacy-policy, accessibility-statement and cookies.
 */

/** A page path as stored: no leading or trailing slash, lower-case. */
export function normalisePagePath(path: string): string {
  return path
    .trim()
    .replace(/^\/+|\/+$/g, '')
    .toLowerCase();
}

/** Segments of lower-case letters and digits joined by '-' or '_', separated by '/'. */
export const PAGE_PATH_PATTERN = /^[a-z0-9]+(?:[-_][a-z0-9]+)*(?:\/[a-z0-9]+(?:[-_][a-z0-9]+)*)*$/;

export const zPagePath = z
  .string()
  .max(300)
  .transform(normalisePagePath)
  .pipe(z.string().min(1).max(200).regex(PAGE_PATH_PATTERN, 'Value in field is not in correct format'));

/**
 * The page's language from the address: a language code or a locale (fi, fi_FI, fi-FI);
 * anything unknown falls back like a missing language.
 */
export function pageLanguageOf(lang: string | undefined): (typeof LANGUAGES)[number] | undefined {
  const head = lang?.split(/[_-]/)[0]?.toLowerCase();
  return head && (LANGUAGES as readonly string[]).includes(head)
    ? (head as (typeof LANGUAGES)[number])
    : undefined;
}

// --- Public -----------------------------------------------------------------------------------

export const zPublicPageQuery = z.object({
  /** The address path, with or without slashes, any case. */
  path: z.string().min(1).max(300),
  /** A language or locale; the page's default language (then English, then any) otherwise. */
  lang: z.string().max(20).optional(),
});
export type PublicPageQuery = z.infer<typeof zPublicPageQuery>;

export const zPublicPage = z.object({
  path: z.string(),
  title: z.string(),
  /** The first image, or null. */
  imageUrl: z.string().nullable(),
  /** Sanitised HTML. */
  html: z.string(),
  /** The language the page is shown in. */
  language: zContentLanguage,
});
export type PublicPage = z.infer<typeof zPublicPage>;

// --- Staff (/admin/pages) ---------------------------------------------------------------------

export const zPageTexts = z.object({
  title: z.string().trim().min(1).max(200),
  html: z.string().max(500_000),
});
export type PageTexts = z.infer<typeof zPageTexts>;

/** Create or replace a page (PUT takes the same body; unknown fields are refused). */
export const zAdminPageWrite = z
  .strictObject({
    path: zPagePath,
    defaultLanguage: zContentLanguage.default('en'),
    variants: zVariants(z.strictObject(zPageTexts.shape)),
    imageIds: z.array(zUuid).max(20).default([]),
    status: zContentStatus.default('draft'),
  })
  .refine((p) => Boolean(p.variants[p.defaultLanguage]), {
    message: 'The default language needs a variant',
    path: ['variants'],
  });
export type AdminPageWrite = z.infer<typeof zAdminPageWrite>;

export const zAdminPage = z.object({
  id: zUuid,
  path: z.string(),
  /** The default language's title. */
  title: z.string(),
  defaultLanguage: zContentLanguage,
  variants: z.partialRecord(zContentLanguage, zPageTexts),
  imageIds: z.array(zUuid),
  images: z.array(zAssetRef),
  status: zContentStatus,
  createdAt: zIsoDateTime,
  updatedAt: zIsoDateTime,
});
export type AdminPage = z.infer<typeof zAdminPage>;
export const zAdminPageList = z.array(zAdminPage);

export const ADMIN_PAGE_SORT_FIELDS = ['path', 'title', 'createdAt', 'updatedAt'] as const;
export const zAdminPageListQuery = zAdminListQuery(
  {
    /** Path or title contains. */
    q: z.string().trim().max(200).optional(),
    status: zContentStatus.optional(),
    id: z.array(zUuid).max(1000).optional(),
  },
  ADMIN_PAGE_SORT_FIELDS,
);
export type AdminPageListQuery = z.infer<typeof zAdminPageListQuery>;
