import {
  DIRECTORY_PAGE_MAX,
  type DirectoryHousingCompany,
  type DirectoryRequest,
  type DirectoryResponse,
  IDENTITY_DIRECTORY_RPC,
  zDirectoryResponse,
} from '@porta/contracts';
import {
  answerMayBeTooLarge,
  type Bus,
  BusRequestError,
  forgetOnIdentityEvents,
  type Subscription,
  withTransaction,
} from '@porta/service-kit';
import { arrayOverlaps, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ContentContext, ContentDb } from '../context.js';
import { directoryApartments, directoryHousingCompanies, directorySyncs } from '../db/schema.js';

/**
 * The content service's read model of identity's housing companies and apartments (ADR 0014).
 * A full pull on the first start, then identity's events: on any change to a housing company,
 * its apartments, partners or the taxonomy, the affected companies are fetched again by
 * request/reply, so the model always holds identity's current state, whatever order events arrive in.
 */

/**
 * An answer travels as one NATS message, and the server caps messages (max_payload, 1 MB by
 * default): identity cannot send a larger answer, and the request times out. A page of 200
 * companies of 60 apartments each is already past that. So content asks for few companies at
 * first and then for as many as keep an answer near ANSWER_BUDGET_BYTES, judged by the weight of
 * the companies in the previous answer; an answer that does not come is asked for again in halves.
 */
const FIRST_ASK = 25;
const ANSWER_BUDGET_BYTES = 256 * 1024;

async function ask(bus: Bus, request: DirectoryRequest) {
  return zDirectoryResponse.parse(await bus.request(IDENTITY_DIRECTORY_RPC, request, { timeoutMs: 15_000 }));
}

/** How many companies to ask for next so that an answer weighs about ANSWER_BUDGET_BYTES. */
export function companiesPerAnswer(companies: readonly DirectoryHousingCompany[], asked: number): number {
  if (companies.length === 0) return asked;
  const bytesPerCompany = Buffer.byteLength(JSON.stringify(companies)) / companies.length;
  return Math.max(1, Math.min(DIRECTORY_PAGE_MAX, Math.floor(ANSWER_BUDGET_BYTES / bytesPerCompany)));
}

/** Ask for `count` companies; while the answer does not come, ask for half as many. */
async function askFor(
  ctx: ContentContext & { bus: Bus },
  request: (count: number) => DirectoryRequest,
  count: number,
): Promise<{ answer: DirectoryResponse; asked: number }> {
  for (let asked = count; ; asked = Math.ceil(asked / 2)) {
    try {
      return { answer: await ask(ctx.bus, request(asked)), asked };
    } catch (error) {
      if (!answerMayBeTooLarge(error) || asked === 1) throw error;
      ctx.logger.warn(
        { asked, err: error.message },
        'no directory answer (too large for one message?); asking for fewer housing companies',
      );
    }
  }
}

function withBus(ctx: ContentContext, what: string): ContentContext & { bus: Bus } {
  if (!ctx.bus) throw new Error(`${what} needs a bus`);
  return ctx as ContentContext & { bus: Bus };
}

/** Store these housing companies (and replace their apartments). */
export async function upsertDirectory(db: ContentDb, companies: DirectoryHousingCompany[]): Promise<void> {
  if (companies.length === 0) return;
  await withTransaction(db, async (tx) => {
    for (const hc of companies) {
      const { apartments, ...row } = hc;
      const values = { ...row, syncedAt: new Date() };
      await tx
        .insert(directoryHousingCompanies)
        .values(values)
        .onConflictDoUpdate({ target: directoryHousingCompanies.id, set: values });
    }
    const ids = companies.map((c) => c.id);
    await tx.delete(directoryApartments).where(inArray(directoryApartments.housingCompanyId, ids));
    const apts = companies.flatMap((c) => c.apartments.map((a) => ({ ...a, housingCompanyId: c.id })));
    for (let i = 0; i < apts.length; i += 1000) {
      await tx
        .insert(directoryApartments)
        .values(apts.slice(i, i + 1000))
        .onConflictDoNothing();
    }
  });
}

export async function removeFromDirectory(db: ContentDb, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(directoryApartments).where(inArray(directoryApartments.housingCompanyId, ids));
  await db.delete(directoryHousingCompanies).where(inArray(directoryHousingCompanies.id, ids));
}

/** Pull every housing company from identity, page by page. */
export async function syncDirectory(
  ctx: ContentContext,
): Promise<{ housingCompanies: number; apartments: number }> {
  const busy = withBus(ctx, 'the directory sync');
  let afterId: string | null = null;
  let count = FIRST_ASK;
  let hcs = 0;
  let apts = 0;
  for (;;) {
    const from: string | null = afterId;
    const { answer: page, asked } = await askFor(busy, (limit) => ({ afterId: from, limit }), count);
    await upsertDirectory(ctx.db, page.housingCompanies);
    hcs += page.housingCompanies.length;
    apts += page.housingCompanies.reduce((n, h) => n + h.apartments.length, 0);
    if (!page.nextAfterId) break;
    afterId = page.nextAfterId;
    count = companiesPerAnswer(page.housingCompanies, asked);
  }
  await ctx.db.insert(directorySyncs).values({ housingCompanies: hcs, apartments: apts });
  ctx.reads.clear();
  return { housingCompanies: hcs, apartments: apts };
}

/**
 * Pull everything unless a full sync has finished before. identity may still be starting (the
 * distributed mode starts processes side by side): unanswered requests are retried for a while.
 */
export async function syncDirectoryOnce(
  ctx: ContentContext,
  retry: { attempts: number; delayMs: number } = { attempts: 30, delayMs: 2000 },
): Promise<void> {
  const [done] = await ctx.db.select({ id: directorySyncs.id }).from(directorySyncs).limit(1);
  if (done) return;
  for (let attempt = 1; ; attempt++) {
    try {
      await syncDirectory(ctx);
      return;
    } catch (error) {
      if (!(error instanceof BusRequestError) || attempt >= retry.attempts) throw error;
      ctx.logger.warn(
        { attempt, err: error.message },
        'identity did not answer the directory request; retrying',
      );
      await new Promise((resolve) => setTimeout(resolve, retry.delayMs));
    }
  }
}

/** Fetch these housing companies again (dropping those identity no longer has). */
export async function refreshHousingCompanies(ctx: ContentContext, ids: string[]): Promise<void> {
  if (!ctx.bus || ids.length === 0) return;
  const busy = withBus(ctx, 'a directory refresh');
  let count = FIRST_ASK;
  for (let i = 0; i < ids.length; ) {
    const from = i;
    const { answer, asked } = await askFor(
      busy,
      (n) => ({ ids: ids.slice(from, from + n) }),
      Math.min(count, ids.length - from),
    );
    await upsertDirectory(ctx.db, answer.housingCompanies);
    await removeFromDirectory(ctx.db, answer.missingIds);
    i += asked;
    count = companiesPerAnswer(answer.housingCompanies, asked);
  }
  ctx.reads.clear();
}

/** One housing company as the read model has it, or null. */
async function storedHousingCompany(db: ContentDb, id: string) {
  const [found] = await db
    .select()
    .from(directoryHousingCompanies)
    .where(eq(directoryHousingCompanies.id, id));
  return found ?? null;
}

/** One housing company of the read model, fetched from identity when the model lacks it. */
export async function directoryHousingCompany(ctx: ContentContext, id: string) {
  // Behind every resident read: kept with them (ADR 0028), a company not there is not kept.
  const key = ['directory-housing-company', id];
  const kept = await ctx.reads.get(key, () => storedHousingCompany(ctx.db, id));
  if (!kept) ctx.reads.forget(key);
  if (kept || !ctx.bus) return kept;
  await refreshHousingCompanies(ctx, [id]);
  return storedHousingCompany(ctx.db, id);
}

/**
 * The housing companies an item with this targeting reaches (both lists empty: all of them).
 */
export async function housingCompaniesReached(
  db: ContentDb,
  targeting: { housingCompanyIds: readonly string[]; buildingTaxonomies: readonly string[] },
): Promise<string[]> {
  const { housingCompanyIds, buildingTaxonomies } = targeting;
  const conditions = [];
  if (housingCompanyIds.length)
    conditions.push(inArray(directoryHousingCompanies.id, [...housingCompanyIds]));
  if (buildingTaxonomies.length)
    conditions.push(arrayOverlaps(directoryHousingCompanies.taxonomyPath, [...buildingTaxonomies]));
  const rows = await db
    .select({ id: directoryHousingCompanies.id })
    .from(directoryHousingCompanies)
    .where(conditions.length ? or(...conditions) : undefined);
  return rows.map((r) => r.id);
}

const HC_SUBJECTS = new Set([
  'identity.housing-company.created.v1',
  'identity.housing-company.updated.v1',
  'identity.apartment.changed.v1',
  'identity.housing-company-partner.changed.v1',
]);

/**
 * Keep the read model current from identity's events (durable consumer `content-directory`), and
 * make every instance's feature gate ask identity again after a change that may switch features.
 */
export function consumeIdentityEvents(ctx: ContentContext): Promise<Subscription> {
  if (!ctx.bus) throw new Error('the directory consumer needs a bus');
  return forgetOnIdentityEvents(ctx.bus, {
    service: 'content',
    durable: 'content-directory',
    concurrency: 1,
    forget: (what) => {
      if (what.includes('features')) ctx.features?.clear();
    },
    also: async (message) => {
      const data = message.data ?? {};
      let ids: string[] = [];
      if (HC_SUBJECTS.has(message.subject) && typeof data.housingCompanyId === 'string') {
        ids = [data.housingCompanyId];
      } else if (
        message.subject === 'identity.partner-company.changed.v1' ||
        message.subject === 'identity.partner-company.deleted.v1'
      ) {
        const pc = typeof data.partnerCompanyId === 'string' ? data.partnerCompanyId : null;
        if (pc) {
          const rows = await ctx.db
            .select({ id: directoryHousingCompanies.id })
            .from(directoryHousingCompanies)
            .where(
              sql`${directoryHousingCompanies.partnerContacts} @> ${JSON.stringify([{ partnerCompanyId: pc }])}::jsonb`,
            );
          ids = rows.map((r) => r.id);
        }
      } else if (message.subject === 'identity.taxonomy.changed.v1') {
        const rows = await ctx.db
          .select({ id: directoryHousingCompanies.id })
          .from(directoryHousingCompanies);
        ids = rows.map((r) => r.id);
      }
      if (ids.length === 0) return;
      // Idempotent: a redelivered event fetches the same current state again.
      await refreshHousingCompanies(ctx, ids);
    },
  });
}

/** Items whose audience reaches the housing company (targeted to it, one of its terms, or all). */
export async function reachingHousingCompany(
  ctx: ContentContext,
  audience: PgColumn,
  housingCompanyId: string,
): Promise<SQL> {
  const hc = await directoryHousingCompany(ctx, housingCompanyId);
  const keys = ['all', `hc:${housingCompanyId}`, ...(hc?.taxonomyPath ?? []).map((t) => `term:${t}`)];
  return arrayOverlaps(audience, keys);
}
