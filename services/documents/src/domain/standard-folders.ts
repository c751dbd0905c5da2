import {
  APARTMENT_FOLDER_KEYS,
  type FolderRule,
  type FolderRuleGroup,
  PROJECT_FOLDER_KEYS,
  STANDARD_FOLDER_NAMES,
  type StandardFolderKey,
} from '@porta/contracts';
import { uuidv7 } from '@porta/service-kit';
import type { DocumentsDb } from '../context.js';
import { folders } from '../db/schema.js';

/**
 * The standard folders of 03 §3 (ADR 0030): every housing company gets the project folders, every
 * apartment the apartment folders, each with its names in the nine languages and the rules it
 * starts with. Staff may rename, hide and re-rule them, and add their own; they are not deleted.
 */

interface StandardFolder {
  rules: FolderRule[];
  visible: boolean;
}

const read = (...groups: FolderRuleGroup[]): FolderRule[] =>
  groups.map((group) => ({ group, read: true, create: false, update: false, delete: false }));
const readWrite = (...groups: FolderRuleGroup[]): FolderRule[] =>
  groups.map((group) => ({ group, read: true, create: true, update: true, delete: true }));
const readUpload = (...groups: FolderRuleGroup[]): FolderRule[] =>
  groups.map((group) => ({ group, read: true, create: true, update: false, delete: false }));

export const STANDARD_FOLDERS: Record<StandardFolderKey, StandardFolder> = {
  home: { rules: read('hc_all'), visible: true },
  hc_common: { rules: read('hc_all'), visible: true },
  hc_board: { rules: readWrite('hc_board'), visible: true },
  owner: { rules: read('hc_owners'), visible: true },
  tenant: { rules: read('apt_tenant', 'hc_owners'), visible: true },
  hc_waste_management: { rules: read('hc_all'), visible: true },
  hc_parking: { rules: read('hc_all'), visible: true },
  // Files brought over from the customer register wait here for staff to sort them.
  crm_import: { rules: [], visible: false },
  apt_owner: { rules: readUpload('apt_owner'), visible: true },
  apt_documents: { rules: read('apt_documents'), visible: true },
  apt_invoices: { rules: read('apt_invoices'), visible: true },
  apt_maintenance: { rules: readUpload('apt_maintenance'), visible: true },
  apt_tenant: { rules: readUpload('apt_tenant'), visible: true },
};

function rowsOf(
  keys: readonly StandardFolderKey[],
  housingCompanyId: string,
  apartmentId: string | null,
): (typeof folders.$inferInsert)[] {
  return keys.map((key, position) => {
    const { rules, visible } = STANDARD_FOLDERS[key];
    const { en, ...translations } = STANDARD_FOLDER_NAMES[key];
    return {
      id: uuidv7(),
      housingCompanyId,
      apartmentId,
      scope: apartmentId ? 'apartment' : 'project',
      key,
      name: en,
      translations,
      rules,
      visible,
      position,
    };
  });
}

/**
 * Makes the standard folders of a housing company and of its apartments, once: what this process
 * made (or found made) is remembered, so that a request entering the company costs nothing after
 * the first. Inserting what is there already is a no-op (the unique keys), so instances and
 * identity's events may race.
 */
export class StandardFolders {
  private readonly done = new Set<string>();

  constructor(private readonly db: DocumentsDb) {}

  async ensure(housingCompanyId: string, apartmentIds: readonly string[]): Promise<void> {
    const rows: (typeof folders.$inferInsert)[] = [];
    if (!this.done.has(housingCompanyId)) rows.push(...rowsOf(PROJECT_FOLDER_KEYS, housingCompanyId, null));
    const apartments = apartmentIds.filter((id) => !this.done.has(id));
    for (const id of apartments) rows.push(...rowsOf(APARTMENT_FOLDER_KEYS, housingCompanyId, id));
    if (rows.length === 0) return;
    // A large company's apartments in a few statements.
    for (let i = 0; i < rows.length; i += 500) {
      await this.db
        .insert(folders)
        .values(rows.slice(i, i + 500))
        .onConflictDoNothing();
    }
    if (this.done.size > 200_000) this.done.clear();
    this.done.add(housingCompanyId);
    for (const id of apartments) this.done.add(id);
  }
}
