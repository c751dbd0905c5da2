import { ADMIN_AREA_ROLES } from '@porta/contracts';
import { AppError, holdsAnywhere, type Principal } from '@porta/service-kit';
import { and, arrayContains, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ContentContext } from '../context.js';
import { articles, assets, calendarEntries, campaigns, directoryHousingCompanies } from '../db/schema.js';
import { isPartner } from '../policies.js';
import { editorialScope } from './articles.js';
import { readerFor, visibleTo } from './reader.js';
import { campaignScopeWhere, shopReaderFor, visibleCampaigns } from './shop-partners.js';
import { articleAudience } from './timeline.js';

/**
 * Who may download an attachment (an asset uploaded with purpose attachment, GET /assets/:id).
 * An attachment is as private as the items that carry it: whoever may read one of them, by the
 * same rules as the item itself (ADR 0014, docs/authorization.md):
 *
 * - its uploader, always (a draft being written has not been saved on an item yet);
 * - staff, for an article or calendar entry in their staff scope (the developer's staff every
 *   item; others the items of their housing companies and their own), and for a campaign they
 *   read in the staff app (the developer's staff; partners their company's and their own);
 * - residents, for an item they see in one of their housing companies: published, inside its
 *   publication window, targeted at the company (directly, by a taxonomy term or to all), for
 *   one of their roles when it names roles, and an article's phase and completion rules; a
 *   campaign also needs the service shop on and its listing window.
 *
 * Anyone else gets the same 404 as for an id that does not exist. An attachment on no item is its
 * uploader's only. Images are not checked here: they are public by their unguessable id.
 */

type AssetRow = typeof assets.$inferSelect;

/** Items of a table that carry the attachment (their ids and audience keys). */
async function carriers(
  ctx: ContentContext,
  table: typeof articles | typeof calendarEntries | typeof campaigns,
  assetId: string,
): Promise<{ id: string; audience: string[] }[]> {
  return ctx.db
    .select({ id: table.id, audience: table.audience })
    .from(table)
    .where(arrayContains(table.attachmentIds as PgColumn, [assetId]));
}

/** Is there a row of these ids that the condition lets through? */
async function anyOf(
  ctx: ContentContext,
  table: typeof articles | typeof calendarEntries,
  ids: string[],
  where: SQL | undefined,
): Promise<boolean> {
  if (ids.length === 0) return false;
  const [row] = await ctx.db
    .select({ id: table.id })
    .from(table)
    .where(and(inArray(table.id, ids), where))
    .limit(1);
  return !!row;
}

/** A refusal that means "not for this reader here" (not a company of theirs, the feature off). */
const notHere = (error: unknown) =>
  error instanceof AppError && (error.status === 403 || error.status === 404);

export async function mayReadAttachment(
  ctx: ContentContext,
  p: Principal,
  asset: AssetRow,
): Promise<boolean> {
  if (asset.createdBy === p.userId) return true;
  const [onArticles, onEntries, onCampaigns] = await Promise.all([
    carriers(ctx, articles, asset.id),
    carriers(ctx, calendarEntries, asset.id),
    carriers(ctx, campaigns, asset.id),
  ]);
  const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

  // Staff, as their staff lists and item pages reach the items.
  if (holdsAnywhere(p, ADMIN_AREA_ROLES)) {
    if (await anyOf(ctx, articles, ids(onArticles), editorialScope(articles, p))) return true;
    if (await anyOf(ctx, calendarEntries, ids(onEntries), editorialScope(calendarEntries, p))) return true;
  }
  if (onCampaigns.length > 0 && (p.hasRole('yitUser') || isPartner(p))) {
    const [row] = await ctx.db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(and(inArray(campaigns.id, ids(onCampaigns)), campaignScopeWhere(p, 'read')))
      .limit(1);
    if (row) return true;
  }

  // Residents: only the housing companies the items' audiences reach need a look.
  const audiences = new Set([...onArticles, ...onEntries, ...onCampaigns].flatMap((r) => r.audience));
  const memberOf = [...p.housingCompanies.keys()];
  if (audiences.size === 0 || memberOf.length === 0) return false;
  const companies = await ctx.db
    .select({ id: directoryHousingCompanies.id, taxonomyPath: directoryHousingCompanies.taxonomyPath })
    .from(directoryHousingCompanies)
    .where(inArray(directoryHousingCompanies.id, memberOf));
  const reached = companies.filter((hc) =>
    ['all', `hc:${hc.id}`, ...hc.taxonomyPath.map((t) => `term:${t}`)].some((key) => audiences.has(key)),
  );
  for (const hc of reached) {
    const query = { housingCompanyId: hc.id };
    try {
      const reader = await readerFor(ctx, p, query);
      const seesArticle = and(visibleTo(articles, reader), articleAudience(reader));
      if (await anyOf(ctx, articles, ids(onArticles), seesArticle)) return true;
      if (await anyOf(ctx, calendarEntries, ids(onEntries), visibleTo(calendarEntries, reader))) return true;
      if (onCampaigns.length > 0) {
        const shop = await shopReaderFor(ctx, p, query);
        const seen = await visibleCampaigns(ctx, shop, inArray(campaigns.id, ids(onCampaigns)));
        if (seen.length > 0) return true;
      }
    } catch (error) {
      if (!notHere(error)) throw error;
    }
  }
  return false;
}

/** The asset row for a download by this caller, or 404 (NOT_FOUND, as for an unknown id). */
export async function readableAsset(
  ctx: ContentContext,
  p: Principal | undefined,
  id: string,
): Promise<AssetRow> {
  const [row] = await ctx.db.select().from(assets).where(eq(assets.id, id));
  if (!row) throw new AppError('NOT_FOUND');
  if (row.purpose !== 'attachment') return row;
  if (!p) throw new AppError('UNAUTHENTICATED');
  if (!(await mayReadAttachment(ctx, p, row))) throw new AppError('NOT_FOUND');
  return row;
}
