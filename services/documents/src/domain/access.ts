import {
  DEFAULT_LANGUAGE,
  type DirectoryHousingCompany,
  type FeatureId,
  type FolderRights,
  type FolderRule,
  type FolderRuleGroup,
  type Language,
  type Role,
} from '@porta/contracts';
import { AppError, type Principal } from '@porta/service-kit';
import { and, eq, isNull } from 'drizzle-orm';
import type { DocumentsContext } from '../context.js';
import { folders } from '../db/schema.js';
import { managesDocuments } from '../policies.js';

/** The documents' features (01 §6): either turns the library on. */
export const DOCUMENT_FEATURES: readonly FeatureId[] = ['documents', 'documentsv2'];

export type FolderRow = typeof folders.$inferSelect;

/** A caller in one housing company's documents. */
export interface Entry {
  principal: Principal;
  housingCompanyId: string;
  housingCompany: DirectoryHousingCompany;
  /** Runs the company's documents (every folder, every right). */
  manages: boolean;
  /** A user of a partner company serving the housing company. */
  partner: boolean;
  language: Language;
}

/**
 * The caller on a housing company's documents: its members, users of its partner companies and
 * its document managers get in; anyone else, or a company identity does not know, gets 404. Then
 * the feature documents (or documentsv2) must be on for all but the managers (403).
 */
export async function enterHousingCompany(
  ctx: DocumentsContext,
  p: Principal,
  housingCompanyId: string,
  language: Language | undefined,
): Promise<Entry> {
  const member = p.belongsTo(housingCompanyId);
  const manages = managesDocuments(p, housingCompanyId);
  if (!member && !manages && p.partnerCompanies.size === 0)
    throw new AppError('DOC_HOUSING_COMPANY_NOT_FOUND');
  const hc = await ctx.directory.housingCompany(housingCompanyId);
  if (!hc) throw new AppError('DOC_HOUSING_COMPANY_NOT_FOUND');
  const partner = hc.partnerContacts.some((c) => p.partnerCompanies.has(c.partnerCompanyId));
  if (!member && !manages && !partner) throw new AppError('DOC_HOUSING_COMPANY_NOT_FOUND');
  const lang = language ?? DEFAULT_LANGUAGE;
  if (!manages) await ctx.features.require(housingCompanyId, lang, DOCUMENT_FEATURES);
  await ctx.standardFolders.ensure(
    housingCompanyId,
    hc.apartments.map((a) => a.id),
  );
  return { principal: p, housingCompanyId, housingCompany: hc, manages, partner, language: lang };
}

const BOARD: readonly Role[] = ['boardMember', 'chairman', 'ceeBoardMember'];
const MAINTAINERS: readonly Role[] = ['propertyManager', 'maintenanceManager', 'ceeMaintenanceManager'];

/**
 * The rule groups the caller holds for a folder of the housing company (apartmentId: an apartment's
 * folder; null: the company's). Apartment groups count on that apartment's folders for its own
 * people only; on the company's folders, on any apartment of it (03 §3: apt_owner includes
 * hc_owners, so an owner of an apartment is one of the company's owners).
 */
export function groupsOf(entry: Entry, apartmentId: string | null): Set<FolderRuleGroup> {
  const { principal: p, housingCompanyId } = entry;
  const groups = new Set<FolderRuleGroup>(['all']);
  const held = p.housingCompanies.get(housingCompanyId);
  if (held) groups.add('hc_all').add('community_all');
  if (entry.partner) groups.add('partner_company').add('community_all');
  if (held && BOARD.some((r) => held.has(r))) groups.add('hc_board');
  if (held && MAINTAINERS.some((r) => held.has(r))) groups.add('apt_maintenance');
  for (const [id, apartment] of p.apartments) {
    if (apartment.housingCompanyId !== housingCompanyId) continue;
    const roles = apartment.roles;
    if (roles.has('owner')) groups.add('hc_owners');
    if (apartmentId !== null && id !== apartmentId) continue;
    if (roles.size > 0) groups.add('apt_all');
    if (roles.has('owner')) {
      for (const g of ['apt_owner', 'apt_documents', 'apt_invoices', 'apt_maintenance'] as const)
        groups.add(g);
    }
    if (roles.has('tenant')) groups.add('apt_tenant').add('apt_documents').add('apt_maintenance');
    if (roles.has('familyMember')) groups.add('apt_documents');
    if (roles.has('rentalManager')) groups.add('apt_documents').add('apt_invoices');
  }
  return groups;
}

/** The rows of one tree of folders, and how they hang together (parents, inherited rules). */
export class FolderRows {
  readonly byId: ReadonlyMap<string, FolderRow>;

  constructor(rows: readonly FolderRow[]) {
    this.byId = new Map(rows.map((r) => [r.id, r]));
  }

  /** Parents before children; siblings by position, then name. */
  ordered(): FolderRow[] {
    const children = new Map<string | null, FolderRow[]>();
    for (const row of this.byId.values()) {
      const parent = row.parentId && this.byId.has(row.parentId) ? row.parentId : null;
      children.set(parent, [...(children.get(parent) ?? []), row]);
    }
    const out: FolderRow[] = [];
    const walk = (parent: string | null) => {
      const rows = (children.get(parent) ?? []).sort(
        (a, b) => a.position - b.position || a.name.localeCompare(b.name),
      );
      for (const row of rows) {
        out.push(row);
        walk(row.id);
      }
    };
    walk(null);
    return out;
  }

  /** The folder and those above it, the folder first. */
  ancestry(folder: FolderRow): FolderRow[] {
    const out: FolderRow[] = [];
    let at: FolderRow | undefined = folder;
    while (at && out.length <= this.byId.size) {
      out.push(at);
      at = at.parentId ? this.byId.get(at.parentId) : undefined;
    }
    return out;
  }

  /** The rules in force: the folder's own, else the nearest above it that has some. */
  rulesOf(folder: FolderRow): { rules: FolderRule[]; inherited: boolean } {
    for (const at of this.ancestry(folder)) {
      if (at.rules) return { rules: at.rules, inherited: at !== folder };
    }
    return { rules: [], inherited: true };
  }

  /** Shown to those the rules let in: it and every folder above it are visible. */
  shown(folder: FolderRow): boolean {
    return this.ancestry(folder).every((f) => f.visible);
  }

  /** Those below the folder (not the folder itself). */
  descendants(folder: FolderRow): FolderRow[] {
    return [...this.byId.values()].filter((f) => f !== folder && this.ancestry(f).includes(folder));
  }
}

/** One tree of folders as a caller sees it: the housing company's (apartmentId null) or one apartment's. */
export class FolderTree extends FolderRows {
  constructor(
    readonly entry: Entry,
    readonly apartmentId: string | null,
    rows: readonly FolderRow[],
  ) {
    super(rows);
  }

  /** The name in the language, else the folder's own. */
  nameOf(folder: FolderRow): string {
    return folder.translations[this.entry.language] ?? folder.name;
  }

  path(folder: FolderRow): string {
    return this.ancestry(folder)
      .reverse()
      .map((f) => this.nameOf(f))
      .join(' / ');
  }

  /**
   * The caller's rights on the folder: every right for a manager; else what its rules give the
   * caller's groups, on a folder that is visible with every folder above it (hidden: nothing).
   */
  rights(folder: FolderRow): FolderRights {
    if (this.entry.manages) return { canRead: true, canUpload: true, canUpdate: true, canDelete: true };
    const none = { canRead: false, canUpload: false, canUpdate: false, canDelete: false };
    if (!this.shown(folder)) return none;
    const groups = groupsOf(this.entry, this.apartmentId);
    const held = this.rulesOf(folder).rules.filter((r) => groups.has(r.group));
    return {
      canRead: held.some((r) => r.read),
      canUpload: held.some((r) => r.create),
      canUpdate: held.some((r) => r.update),
      canDelete: held.some((r) => r.delete),
    };
  }
}

/** The housing company's folder tree, or one apartment's (which must be the company's: else 404). */
export async function loadTree(
  ctx: DocumentsContext,
  entry: Entry,
  apartmentId: string | null,
): Promise<FolderTree> {
  if (apartmentId !== null && !entry.housingCompany.apartments.some((a) => a.id === apartmentId)) {
    throw new AppError('DOC_FOLDER_NOT_FOUND');
  }
  const rows = await ctx.db
    .select()
    .from(folders)
    .where(
      and(
        eq(folders.housingCompanyId, entry.housingCompanyId),
        apartmentId === null ? isNull(folders.apartmentId) : eq(folders.apartmentId, apartmentId),
      ),
    );
  return new FolderTree(entry, apartmentId, rows);
}

/**
 * A folder by id with its tree, entered as the caller: 404 when there is none, when it is another
 * housing company's the caller does not reach, or when the caller may not read it.
 */
export async function enterFolder(
  ctx: DocumentsContext,
  p: Principal,
  folderId: string,
  language: Language | undefined,
  options: { readable?: boolean } = {},
): Promise<{ entry: Entry; tree: FolderTree; folder: FolderRow; rights: FolderRights }> {
  const [row] = await ctx.db.select().from(folders).where(eq(folders.id, folderId));
  if (!row) throw new AppError('DOC_FOLDER_NOT_FOUND');
  const entry = await enterHousingCompany(ctx, p, row.housingCompanyId, language).catch((error: unknown) => {
    throw error instanceof AppError && error.code === 'DOC_HOUSING_COMPANY_NOT_FOUND'
      ? new AppError('DOC_FOLDER_NOT_FOUND')
      : error;
  });
  const tree = await loadTree(ctx, entry, row.apartmentId);
  const folder = tree.byId.get(folderId)!;
  const rights = tree.rights(folder);
  if ((options.readable ?? true) && !rights.canRead) throw new AppError('DOC_FOLDER_NOT_FOUND');
  return { entry, tree, folder, rights };
}
