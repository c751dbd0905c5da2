import {
  DOCUMENT_EVENTS,
  documentFolderUrl,
  type FolderRuleGroup,
  LANGUAGES,
  type Language,
  type Role,
  type UploadAnnouncedEvent,
} from '@porta/contracts';
import { defineJob, enqueueEvent, withTransaction } from '@porta/service-kit';
import { and, asc, eq, isNull, max } from 'drizzle-orm';
import { z } from 'zod';
import type { DocumentsContext } from '../context.js';
import { documents, folders, outbox } from '../db/schema.js';
import { type FolderRow, FolderRows } from './access.js';

/**
 * "Notify users" on upload (02 §7 notify_users, the DOCUMENT_UPLOAD setting; ADR 0030): a batch is
 * announced once, a short while after its first file (DOCUMENTS_ANNOUNCE_DELAY_SECONDS), so that
 * the files of one upload make one notice; the notifications service tells those who may read the
 * folder. Who that is goes in the event as identity's audience asks it: the roles the folder's
 * rules let read.
 */

const APARTMENT_ROLES: readonly Role[] = ['owner', 'tenant', 'familyMember', 'rentalManager'];
const BOARD: readonly Role[] = ['boardMember', 'chairman', 'ceeBoardMember'];
const MAINTAINERS: readonly Role[] = ['propertyManager', 'maintenanceManager', 'ceeMaintenanceManager'];

/** The roles a rule group stands for among the company's members ("any": every member). */
const GROUP_ROLES: Record<FolderRuleGroup, readonly Role[] | 'any'> = {
  all: 'any',
  hc_all: 'any',
  community_all: 'any',
  apt_all: APARTMENT_ROLES,
  hc_board: BOARD,
  hc_owners: ['owner'],
  apt_owner: ['owner'],
  apt_tenant: ['tenant'],
  apt_documents: APARTMENT_ROLES,
  apt_invoices: ['owner', 'rentalManager'],
  apt_maintenance: ['owner', 'tenant', ...MAINTAINERS],
  // Partner companies' users are not members: they are not told.
  partner_company: [],
};

/**
 * Who may read the folder as members of its company: the roles of the groups its rules let read
 * (none: everyone), on the apartment for an apartment's folder; null when nobody but the managers
 * (no rule reads, or the folder is hidden).
 */
export function readersOf(
  tree: FolderRows,
  folder: FolderRow,
): { roles: Role[]; apartmentIds?: string[] } | null {
  if (!tree.shown(folder)) return null;
  const groups = tree
    .rulesOf(folder)
    .rules.filter((r) => r.read)
    .map((r) => r.group);
  const onApartment = folder.apartmentId ? { apartmentIds: [folder.apartmentId] } : {};
  if (!folder.apartmentId && groups.some((g) => GROUP_ROLES[g] === 'any')) return { roles: [] };
  const roles = new Set<Role>();
  for (const group of groups) {
    const of = GROUP_ROLES[group];
    for (const role of of === 'any' ? APARTMENT_ROLES : of) {
      // On an apartment's folder only roles held on the apartment count.
      if (!folder.apartmentId || APARTMENT_ROLES.includes(role)) roles.add(role);
    }
  }
  return roles.size ? { roles: [...roles], ...onApartment } : null;
}

const TITLES: Record<Language, { one: string; many: string }> = {
  en: { one: 'New document in {folder}: {names}', many: 'New documents in {folder}: {names}' },
  fi: {
    one: 'Uusi asiakirja kansiossa {folder}: {names}',
    many: 'Uusia asiakirjoja kansiossa {folder}: {names}',
  },
  sv: { one: 'Nytt dokument i {folder}: {names}', many: 'Nya dokument i {folder}: {names}' },
  et: { one: 'Uus dokument kaustas {folder}: {names}', many: 'Uued dokumendid kaustas {folder}: {names}' },
  lv: { one: 'Jauns dokuments mapē {folder}: {names}', many: 'Jauni dokumenti mapē {folder}: {names}' },
  lt: {
    one: 'Naujas dokumentas aplanke {folder}: {names}',
    many: 'Nauji dokumentai aplanke {folder}: {names}',
  },
  pl: {
    one: 'Nowy dokument w folderze {folder}: {names}',
    many: 'Nowe dokumenty w folderze {folder}: {names}',
  },
  cs: {
    one: 'Nový dokument ve složce {folder}: {names}',
    many: 'Nové dokumenty ve složce {folder}: {names}',
  },
  sk: {
    one: 'Nový dokument v priečinku {folder}: {names}',
    many: 'Nové dokumenty v priečinku {folder}: {names}',
  },
};

/** The notice's title in every language: the folder's name there and the first files' names. */
export function announceTitles(folder: FolderRow, names: readonly string[]): Record<Language, string> {
  const shown =
    names.length > 3 ? `${names.slice(0, 3).join(', ')} (+${names.length - 3})` : names.join(', ');
  return Object.fromEntries(
    LANGUAGES.map((lang) => {
      const text = names.length === 1 ? TITLES[lang].one : TITLES[lang].many;
      const name = lang === 'en' ? folder.name : (folder.translations[lang] ?? folder.name);
      return [lang, text.replace('{folder}', name).replace('{names}', shown)];
    }),
  ) as Record<Language, string>;
}

/** Announce the batch's files, folder by folder; answers how many notices went out. */
export async function announceUpload(
  ctx: DocumentsContext,
  batch: { uploadBatchId: string; housingCompanyId: string },
): Promise<number> {
  const rows = await ctx.db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.housingCompanyId, batch.housingCompanyId),
        eq(documents.uploadBatchId, batch.uploadBatchId),
      ),
    )
    .orderBy(asc(documents.createdAt), asc(documents.id));
  const byFolder = new Map<string, typeof rows>();
  for (const row of rows) byFolder.set(row.folderId, [...(byFolder.get(row.folderId) ?? []), row]);
  let announced = 0;
  for (const [folderId, files] of byFolder) {
    const first = files[0]!;
    const tree = new FolderRows(
      await ctx.db
        .select()
        .from(folders)
        .where(
          and(
            eq(folders.housingCompanyId, batch.housingCompanyId),
            first.apartmentId ? eq(folders.apartmentId, first.apartmentId) : isNull(folders.apartmentId),
          ),
        ),
    );
    const folder = tree.byId.get(folderId);
    const audience = folder && readersOf(tree, folder);
    if (!folder || !audience) continue;
    const event: UploadAnnouncedEvent = {
      housingCompanyId: batch.housingCompanyId,
      apartmentId: folder.apartmentId,
      folderId,
      uploadBatchId: batch.uploadBatchId,
      documentIds: files.map((f) => f.id),
      by: first.createdBy,
      titles: announceTitles(
        folder,
        files.map((f) => f.name),
      ),
      defaultLanguage: 'en',
      url: documentFolderUrl(folderId, folder.apartmentId),
      audience,
    };
    await withTransaction(ctx.db, (tx) => enqueueEvent(tx, outbox, DOCUMENT_EVENTS.announced, event));
    announced++;
  }
  if (announced) ctx.kickEvents();
  return announced;
}

const zBatch = z.object({ uploadBatchId: z.uuid(), housingCompanyId: z.uuid() });

/**
 * The job that announces a batch once its files are in: while files still arrive (the newest
 * younger than the delay), it waits again for the rest of the delay, so a slow upload is told of
 * whole.
 */
export function announceUploadJob(ctx: DocumentsContext) {
  const job = defineJob({
    name: 'documents.announce-upload',
    payload: zBatch,
    handler: async (batch) => {
      const delayMs = ctx.config.DOCUMENTS_ANNOUNCE_DELAY_SECONDS * 1000;
      const [newest] = await ctx.db
        .select({ at: max(documents.createdAt) })
        .from(documents)
        .where(
          and(
            eq(documents.housingCompanyId, batch.housingCompanyId),
            eq(documents.uploadBatchId, batch.uploadBatchId),
          ),
        );
      const quietFor = newest?.at ? Date.now() - newest.at.getTime() : Number.POSITIVE_INFINITY;
      if (ctx.jobs && quietFor < delayMs) {
        await ctx.jobs.enqueue(job, batch, {
          jobId: `announce:${batch.uploadBatchId}:${newest!.at!.getTime()}`,
          delayMs: delayMs - quietFor,
        });
        return;
      }
      await announceUpload(ctx, batch);
    },
  });
  return job;
}

/**
 * Announce the batch a while after its first file (one job per batch: later files of the batch
 * join it); without a job runner, at once.
 */
export async function scheduleAnnouncement(
  ctx: DocumentsContext,
  batch: { uploadBatchId: string; housingCompanyId: string },
): Promise<void> {
  if (!ctx.jobs) {
    await announceUpload(ctx, batch);
    return;
  }
  await ctx.jobs.enqueue(announceUploadJob(ctx), batch, {
    jobId: `announce:${batch.uploadBatchId}`,
    delayMs: ctx.config.DOCUMENTS_ANNOUNCE_DELAY_SECONDS * 1000,
  });
}
