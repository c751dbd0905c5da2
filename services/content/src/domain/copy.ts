import { randomUUID } from 'node:crypto';
import {
  CONTENT_COPY_TARGETS_MAX,
  type CopyEntity,
  type CopyRequest,
  type CopyResponse,
} from '@porta/contracts';
import {
  AppError,
  allows,
  type Policy,
  type Principal,
  StorageNotFoundError,
  withTransaction,
} from '@porta/service-kit';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { ContentContext, ContentDb } from '../context.js';
import { articles, assets, calendarEntries, campaigns, contacts, steps } from '../db/schema.js';
import { CONTENT_POLICIES, contentScope, type EditorActor, editorActor } from '../policies.js';
import { editorialScope } from './articles.js';
import { contactScope } from './contacts.js';
import { checkTargeting } from './publication.js';
import { audienceOf } from './reader.js';
import { campaignScopeWhere, campaignTargetingActor } from './shop-partners.js';
import { scopeWhere } from './steps.js';

/**
 * Copying content to other housing companies (03 §2 /admin/content/copy/{entity}, §5). Each
 * source item is copied once per target housing company: targeted only at that company, a draft
 * (or, when asked, with the source's status and times), `copiedFrom` set, a new codename
 * `<codename>-<short>`, and its images and attachments copied as new assets with new stored
 * files. All copies are stored in one transaction; nothing is stored when any check fails.
 *
 * Who may copy what: the entity's own write policy (as on its staff routes), targets the caller
 * may publish to (checkTargeting with the entity's editor), sources inside the caller's staff
 * scope for that entity (404 otherwise).
 */

/** The columns every copied table shares. */
interface CopyTable {
  id: PgColumn;
  codename: PgColumn;
  authorId: PgColumn;
  housingCompanyIds: PgColumn;
}

interface EntitySpec {
  table: PgTable & CopyTable;
  /** The entity's write policy on its staff routes. */
  policy: Policy;
  /** Who checks the targets: the editor the entity's staff routes use. */
  actor: (p: Principal) => EditorActor;
  /** The sources a caller may reach (undefined: all). */
  scope: (p: Principal) => SQL | undefined;
  /** Asset columns: one id, or lists of ids. */
  assetId?: 'imageId';
  assetLists: ('imageIds' | 'attachmentIds')[];
}

const ENTITIES: Record<CopyEntity, EntitySpec> = {
  articles: {
    table: articles,
    policy: CONTENT_POLICIES.editorialWrite,
    actor: (p) => editorActor(p, 'editorial'),
    scope: (p) => editorialScope(articles, p),
    assetLists: ['imageIds', 'attachmentIds'],
  },
  'calendar-entries': {
    table: calendarEntries,
    policy: CONTENT_POLICIES.editorialWrite,
    actor: (p) => editorActor(p, 'editorial'),
    scope: (p) => editorialScope(calendarEntries, p),
    assetLists: ['imageIds', 'attachmentIds'],
  },
  contacts: {
    table: contacts,
    policy: CONTENT_POLICIES.contactsWrite,
    actor: (p) => editorActor(p, 'contacts'),
    scope: (p) => scopeWhere(contacts.housingCompanyIds, contactScope(p)),
    assetLists: [],
  },
  campaigns: {
    table: campaigns,
    policy: CONTENT_POLICIES.campaignsWrite,
    actor: campaignTargetingActor,
    scope: (p) => campaignScopeWhere(p, 'write'),
    assetId: 'imageId',
    assetLists: ['attachmentIds'],
  },
  steps: {
    table: steps,
    policy: CONTENT_POLICIES.stepsWrite,
    actor: (p) => editorActor(p, 'editorial'),
    scope: (p) => scopeWhere(steps.housingCompanyIds, contentScope(p)),
    assetLists: ['imageIds'],
  },
};

type Row = Record<string, unknown> & { id: string; codename: string };

/** Columns a copy never takes from its source (new ids, times and announcement markers). */
const NOT_COPIED = ['id', 'createdAt', 'updatedAt', 'announcedAt', 'deadlineNoticeAt'];
const CODENAME_BASE_MAX = 190;

/** Copy one asset: a new row and a new stored file with the same bytes. */
async function copyAsset(
  ctx: ContentContext,
  tx: ContentDb,
  assetId: string,
  userId: string,
  now: Date,
  written: string[],
): Promise<string> {
  const [row] = await tx.select().from(assets).where(eq(assets.id, assetId));
  if (!row) throw new AppError('CNT_ASSET_NOT_FOUND');
  const id = randomUUID();
  const storageKey = `content/assets/${id}`;
  try {
    const body = await ctx.storage.get(row.storageKey);
    written.push(storageKey);
    await ctx.storage.put(storageKey, body);
  } catch (error) {
    if (error instanceof StorageNotFoundError) throw new AppError('CNT_ASSET_NOT_FOUND');
    throw error;
  }
  await tx.insert(assets).values({ ...row, id, storageKey, createdBy: userId, createdAt: now });
  return id;
}

export async function copyContent(
  ctx: ContentContext,
  p: Principal,
  request: FastifyRequest,
  entity: CopyEntity,
  input: CopyRequest,
): Promise<CopyResponse> {
  const targets = [...new Set(input.housingCompanyIds)];
  if (targets.length > CONTENT_COPY_TARGETS_MAX) throw new AppError('CNT_COPY_TOO_MANY_TARGETS');
  const spec = ENTITIES[entity];
  if (!allows(spec.policy, p, request)) throw new AppError('FORBIDDEN');
  const actor = spec.actor(p);
  await checkTargeting(ctx, actor, { housingCompanyIds: targets, buildingTaxonomies: [] });

  const ids = [...new Set(input.ids)];
  const table = spec.table;
  const found = (await ctx.db
    .select()
    .from(table as PgTable)
    .where(and(inArray(table.id, ids), spec.scope(p)))) as Row[];
  if (found.length !== ids.length) throw new AppError('CNT_NOT_FOUND');
  const byId = new Map(found.map((row) => [row.id, row]));
  const sources = ids.map((id) => byId.get(id)!);

  const now = ctx.clock.now();
  const written: string[] = [];
  try {
    const copies = await withTransaction(ctx.db, async (tx) => {
      const out: CopyResponse['copies'] = [];
      for (const housingCompanyId of targets) {
        for (const source of sources) {
          const copied = new Map<string, string>();
          const copyOf = async (assetId: string) => {
            let id = copied.get(assetId);
            if (!id) {
              id = await copyAsset(ctx, tx, assetId, p.userId, now, written);
              copied.set(assetId, id);
            }
            return id;
          };
          const values: Record<string, unknown> = Object.fromEntries(
            Object.entries(source).filter(([key]) => !NOT_COPIED.includes(key)),
          );
          if (spec.assetId && typeof source[spec.assetId] === 'string')
            values[spec.assetId] = await copyOf(source[spec.assetId] as string);
          for (const list of spec.assetLists) {
            const mapped: string[] = [];
            for (const assetId of (source[list] as string[] | undefined) ?? [])
              mapped.push(await copyOf(assetId));
            values[list] = mapped;
          }
          const id = randomUUID();
          const targeting = { housingCompanyIds: [housingCompanyId], buildingTaxonomies: [] };
          Object.assign(values, {
            id,
            codename: `${source.codename.slice(0, CODENAME_BASE_MAX)}-${id.slice(0, 6)}`,
            ...targeting,
            audience: audienceOf(targeting),
            copiedFrom: source.id,
            authorId: p.userId,
            authorName: p.name,
            authorRoles: actor.roles,
            createdAt: now,
            updatedAt: now,
          });
          if (input.status === 'draft') {
            // A draft publishes later at its own time; past end times would block that.
            const future = (key: string) => {
              const value = source[key];
              return value instanceof Date && value > now ? value : null;
            };
            Object.assign(values, { status: 'draft', publishAt: null, unpublishAt: future('unpublishAt') });
            if ('archiveAt' in source) values.archiveAt = future('archiveAt');
          }
          await tx.insert(table as PgTable).values(values as never);
          out.push({ sourceId: source.id, housingCompanyId, id });
        }
      }
      return out;
    });
    return { copies };
  } catch (error) {
    await Promise.all(written.map((key) => ctx.storage.delete(key).catch(() => {})));
    throw error;
  }
}
