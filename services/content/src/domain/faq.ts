import {
  type AdminFaq,
  type AdminFaqListQuery,
  type AdminFaqWrite,
  FAQ_LIMIT,
  type FaqEntry,
  type FaqKind,
  type FaqList,
  type FaqTexts,
  HELP_FAQ_LIMIT,
  type Language,
} from '@porta/contracts';
import { AppError, type Principal, type Scope, sortBy } from '@porta/service-kit';
import { and, asc, eq, gt, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { ContentContext } from '../context.js';
import { faqs } from '../db/schema.js';
import { editorActor, SITE_CONTENT_EDITORS } from '../policies.js';
import { byIdOrCodename, itemWhere, staffListWhere } from './articles.js';
import { sanitizeRichText } from './html.js';
import { checkTargeting, distinctTargeting, resolvePublication } from './publication.js';
import { audienceOf, type Reader, visibleTo } from './reader.js';
import {
  adminMetaOf,
  createStaffItem,
  publicationOf,
  scopeWhere,
  targetingOf,
  updateStaffItem,
} from './steps.js';
import { pickVariant } from './text.js';

/**
 * FAQ entries for residents (02 §2 /faq; kind faq, targeted, at most FAQ_LIMIT) and the staff help
 * section (03 §2 /admin/help; kind help, at most HELP_FAQ_LIMIT), both grouped by faqtaxonomy and
 * ordered by priority, then question. Staff with the help section's roles edit both (03 §2).
 */

type FaqRow = typeof faqs.$inferSelect;

export function faqEntry(row: FaqRow, language: Language): FaqEntry {
  const { variant, language: shown } = pickVariant(row.variants, language, row.defaultLanguage);
  return {
    id: row.id,
    codename: row.codename,
    question: variant.question,
    answer: variant.answer,
    faqTaxonomy: row.faqTaxonomy,
    priority: row.priority,
    language: shown,
  };
}

const compareEntries = (a: FaqEntry, b: FaqEntry) =>
  a.priority - b.priority || a.question.localeCompare(b.question) || a.id.localeCompare(b.id);

/**
 * Entries grouped by faqTaxonomy: entries by priority then question; groups in the order of their
 * best entry, the group without a taxonomy last.
 */
export function groupFaq(entries: FaqEntry[]): FaqList {
  const groups = new Map<string | null, FaqEntry[]>();
  for (const entry of [...entries].sort(compareEntries)) {
    const list = groups.get(entry.faqTaxonomy) ?? [];
    list.push(entry);
    groups.set(entry.faqTaxonomy, list);
  }
  const ordered = [...groups].filter(([taxonomy]) => taxonomy !== null);
  const untaxed = groups.get(null);
  if (untaxed) ordered.push([null, untaxed]);
  return { groups: ordered.map(([faqTaxonomy, list]) => ({ faqTaxonomy, entries: list })) };
}

/** Published help entries (kind help): for every staff member, no targeting. */
function helpVisible(now: Date): SQL {
  return and(
    eq(faqs.kind, 'help'),
    eq(faqs.status, 'published'),
    lte(faqs.publishAt, now),
    or(isNull(faqs.unpublishAt), gt(faqs.unpublishAt, now)),
  ) as SQL;
}

/** The resident FAQ: the best FAQ_LIMIT entries the reader sees, grouped. */
export async function residentFaq(ctx: ContentContext, reader: Reader): Promise<FaqList> {
  const rows = await ctx.db
    .select()
    .from(faqs)
    .where(and(eq(faqs.kind, 'faq'), visibleTo(faqs, reader)))
    .orderBy(asc(faqs.priority), asc(faqs.title), asc(faqs.id))
    .limit(FAQ_LIMIT);
  return groupFaq(rows.map((r) => faqEntry(r, reader.language)));
}

export async function residentFaqEntry(ctx: ContentContext, reader: Reader, idOrCodename: string) {
  const [row] = await ctx.db
    .select()
    .from(faqs)
    .where(and(byIdOrCodename(faqs, idOrCodename), eq(faqs.kind, 'faq'), visibleTo(faqs, reader)))
    .limit(1);
  if (!row) throw new AppError('CNT_NOT_FOUND');
  return faqEntry(row, reader.language);
}

/** The staff help section: the best HELP_FAQ_LIMIT entries, grouped. */
export async function helpFaq(ctx: ContentContext, language: Language): Promise<FaqList> {
  const rows = await ctx.db
    .select()
    .from(faqs)
    .where(helpVisible(ctx.clock.now()))
    .orderBy(asc(faqs.priority), asc(faqs.title), asc(faqs.id))
    .limit(HELP_FAQ_LIMIT);
  return groupFaq(rows.map((r) => faqEntry(r, language)));
}

export async function helpEntry(ctx: ContentContext, language: Language, idOrCodename: string) {
  const [row] = await ctx.db
    .select()
    .from(faqs)
    .where(and(byIdOrCodename(faqs, idOrCodename), helpVisible(ctx.clock.now())))
    .limit(1);
  if (!row) throw new AppError('CNT_NOT_FOUND');
  return faqEntry(row, language);
}

// --- Staff ------------------------------------------------------------------------------------

export const mayEditFaq = (p: Principal) => p.hasRole(...SITE_CONTENT_EDITORS);

export function toAdminFaq(row: FaqRow, now: Date, canEdit: boolean): AdminFaq {
  return {
    ...adminMetaOf(row, now, canEdit),
    kind: row.kind as FaqKind,
    title: row.title,
    defaultLanguage: row.defaultLanguage as AdminFaq['defaultLanguage'],
    variants: row.variants as AdminFaq['variants'],
    faqTaxonomy: row.faqTaxonomy,
    priority: row.priority,
    targeting: targetingOf(row),
    ...publicationOf(row),
  };
}

export const FAQ_SORT_COLUMNS = {
  priority: faqs.priority,
  title: faqs.title,
  faqTaxonomy: faqs.faqTaxonomy,
  createdAt: faqs.createdAt,
  updatedAt: faqs.updatedAt,
} as const;

/**
 * The staff routes' reach, as for lifecycle steps and contacts (contentScope): the developer's
 * staff (and admin) every entry, drafts included; other admin-area roles the FAQ entries that
 * name one of their housing companies, and the help entries the help section shows them (help
 * entries name no company; their drafts stay with the developer's staff).
 */
export function faqScopeWhere(scope: Scope, now: Date): SQL | undefined {
  if (scope.all) return undefined;
  return or(scopeWhere(faqs.housingCompanyIds, scope), helpVisible(now));
}

export async function adminFaqWhere(
  ctx: ContentContext,
  scope: Scope,
  filter: AdminFaqListQuery['filter'],
): Promise<SQL | undefined> {
  return and(
    faqScopeWhere(scope, ctx.clock.now()),
    filter?.kind ? eq(faqs.kind, filter.kind) : undefined,
    filter?.faqTaxonomy ? eq(faqs.faqTaxonomy, filter.faqTaxonomy) : undefined,
    ...(await staffListWhere(ctx, faqs, [faqs.title, faqs.codename], filter)),
  );
}

export function faqOrder(sort: AdminFaqListQuery['sort']): SQL[] {
  const [field, order] = sort ?? ['priority', 'ASC'];
  return [sortBy(FAQ_SORT_COLUMNS[field], order), asc(faqs.title), asc(faqs.id)];
}

/** An entry in the caller's staff scope (faqScopeWhere), or 404. */
export function faqInScope(ctx: ContentContext, scope: Scope, id: string): Promise<FaqRow> {
  return itemWhere(ctx.db, faqs, id, faqScopeWhere(scope, ctx.clock.now()));
}

async function faqValues(ctx: ContentContext, p: Principal, input: AdminFaqWrite) {
  // Help entries are for all staff: no targeting.
  const targeting =
    input.kind === 'help' ? { housingCompanyIds: [], buildingTaxonomies: [] } : input.targeting;
  await checkTargeting(ctx, editorActor(p, 'editorial'), targeting);
  const publication = resolvePublication(input, ctx.clock.now());
  const variants: Record<string, FaqTexts> = {};
  for (const [lang, v] of Object.entries(input.variants)) {
    if (v) variants[lang] = { question: v.question, answer: sanitizeRichText(v.answer) };
  }
  return {
    kind: input.kind,
    title: variants[input.defaultLanguage]!.question,
    variants,
    defaultLanguage: input.defaultLanguage,
    faqTaxonomy: input.faqTaxonomy || null,
    priority: input.priority,
    ...distinctTargeting(targeting),
    audience: audienceOf(targeting),
    status: publication.status,
    publishAt: publication.publishAt,
    unpublishAt: publication.unpublishAt,
  };
}

export async function createFaq(ctx: ContentContext, p: Principal, input: AdminFaqWrite): Promise<FaqRow> {
  const values = await faqValues(ctx, p, input);
  return createStaffItem(ctx, faqs, input.codename, values.title, values, editorActor(p, 'editorial'));
}

export async function updateFaq(
  ctx: ContentContext,
  p: Principal,
  row: FaqRow,
  input: AdminFaqWrite,
): Promise<FaqRow> {
  const values = await faqValues(ctx, p, input);
  return updateStaffItem(ctx, faqs, row, input.codename, values.title, values);
}

export async function deleteFaq(ctx: ContentContext, id: string): Promise<void> {
  await ctx.db.delete(faqs).where(eq(faqs.id, id));
}
