import {
  type AdminContact,
  type AdminContactListQuery,
  type AdminContactWrite,
  CONTACT_GROUP_PRIORITIES,
  CONTACT_PRIORITY_DEFAULT,
  CONTACT_TAXONOMY_GROUPS,
  CONTACTS_LIMIT,
  type ContactBook,
  type ContactCard,
  type ContactTaxonomyGroup,
  type ContactTexts,
  contactPriority,
  MAIN_CONTACTS_MAX,
  type MainContact,
  passes,
  STAFF_ACCESS,
} from '@porta/contracts';
import { AppError, housingCompaniesWhere, type Principal, type Scope, sortBy } from '@porta/service-kit';
import { and, arrayContains, asc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { ContentContext } from '../context.js';
import { contacts } from '../db/schema.js';
import { CONTACT_HC_EDITORS, CONTENT_PROJECT_EDITORS, canEditItem, editorActor } from '../policies.js';
import { itemWhere, staffListWhere } from './articles.js';
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
 * The contact book and the footer's main contacts (01 §2, §9; 02 §2, §3, §9) and the staff
 * administration of contacts (03 §2: yitUser and propertyManager; 03 §6).
 *
 * A contact's priority is its own when it has one (stored as anything but 999), else the best
 * priority of its contact-taxonomy groups, else 999; the SQL below and `contactPriority` in the
 * contracts compute the same.
 */

type ContactRow = typeof contacts.$inferSelect;

/** The priority a contact shows with, in SQL (for ordering and the CONTACTS_LIMIT cut). */
export const contactPrioritySql: SQL = (() => {
  const groups = Object.entries(CONTACT_GROUP_PRIORITIES).sort(([, a], [, b]) => (a ?? 0) - (b ?? 0));
  const chunks: SQL[] = [
    sql`case when ${contacts.priority} <> ${CONTACT_PRIORITY_DEFAULT} then ${contacts.priority}`,
  ];
  for (const [group, priority] of groups) {
    chunks.push(sql` when ${group}::text = any(${contacts.contactTaxonomies}) then ${priority}::int`);
  }
  chunks.push(sql` else ${CONTACT_PRIORITY_DEFAULT}::int end`);
  return sql.join(chunks, sql``);
})();

const nonEmpty = (text: string | null | undefined) => (text?.trim() ? text : null);

function textsOf(row: ContactRow, reader: Reader): { texts: ContactTexts; language: Reader['language'] } {
  try {
    const { variant, language } = pickVariant(row.variants, reader.language, row.defaultLanguage);
    return { texts: variant, language };
  } catch {
    return { texts: {}, language: reader.language };
  }
}

export function contactCard(row: ContactRow, reader: Reader): ContactCard {
  const { texts, language } = textsOf(row, reader);
  return {
    id: row.id,
    codename: row.codename,
    name: row.name,
    title: nonEmpty(texts.title),
    email: nonEmpty(row.email),
    openingHours: nonEmpty(texts.openingHours),
    phoneNumber: nonEmpty(row.phoneNumber),
    phoneInfo: nonEmpty(texts.phoneInfo),
    info: nonEmpty(texts.info),
    isPrimary: row.isPrimary,
    isDefault: row.isDefault,
    contactTaxonomies: row.contactTaxonomies,
    priority: contactPriority(row.priority, row.contactTaxonomies),
    language,
  };
}

/** By priority, then name (then id, for a stable order). */
export function compareContacts(
  a: { priority: number; name: string; id: string | null },
  b: { priority: number; name: string; id: string | null },
): number {
  return a.priority - b.priority || a.name.localeCompare(b.name) || (a.id ?? '').localeCompare(b.id ?? '');
}

/**
 * Cards grouped for the contact book: the non-empty groups in CONTACT_TAXONOMY_GROUPS order, each
 * by priority then name. A card shows in each of its groups; a card in no known group under 'other'.
 */
export function groupContacts(cards: ContactCard[]): ContactBook {
  const sorted = [...cards].sort(compareContacts);
  const known = new Set<string>(CONTACT_TAXONOMY_GROUPS);
  const groups = CONTACT_TAXONOMY_GROUPS.map((group) => ({
    group,
    contacts: sorted.filter((card) => {
      const own = card.contactTaxonomies.filter((t) => known.has(t));
      return own.length ? own.includes(group) : group === 'other';
    }),
  })).filter((g) => g.contacts.length > 0);
  return { groups, contacts: sorted };
}

/** The contact book of the reader's housing company: at most CONTACTS_LIMIT cards. */
export async function residentContacts(ctx: ContentContext, reader: Reader): Promise<ContactBook> {
  const rows = await ctx.db
    .select()
    .from(contacts)
    .where(visibleTo(contacts, reader))
    .orderBy(contactPrioritySql, asc(contacts.name), asc(contacts.id))
    .limit(CONTACTS_LIMIT);
  return groupContacts(rows.map((r) => contactCard(r, reader)));
}

function partnerKind(type: string): 'property-manager' | 'maintenance-manager' | null {
  const t = type.toLowerCase().replace(/[^a-z]/g, '');
  if (t === 'propertymanager') return 'property-manager';
  if (t === 'maintenancemanager') return 'maintenance-manager';
  return null;
}

/**
 * The footer's main contacts (01 §9): the housing company's property-manager then maintenance key
 * contacts, then the default contact, then primary contacts by priority; each person once (by
 * card id or e-mail address); at most MAIN_CONTACTS_MAX.
 */
export async function mainContacts(ctx: ContentContext, reader: Reader): Promise<MainContact[]> {
  const out: MainContact[] = [];
  const seenEmails = new Set<string>();
  const seenIds = new Set<string>();
  const add = (contact: MainContact) => {
    if (out.length >= MAIN_CONTACTS_MAX) return;
    const email = contact.email?.trim().toLowerCase();
    if (email && seenEmails.has(email)) return;
    if (contact.id && seenIds.has(contact.id)) return;
    if (email) seenEmails.add(email);
    if (contact.id) seenIds.add(contact.id);
    out.push(contact);
  };

  const partners = reader.housingCompany.partnerContacts
    .map((p) => ({ ...p, kind: partnerKind(p.type) }))
    .filter((p) => p.kind !== null);
  for (const kind of ['property-manager', 'maintenance-manager'] as const) {
    for (const p of partners.filter((x) => x.kind === kind)) {
      add({
        source: kind,
        id: null,
        name: p.name ?? p.companyName,
        title: p.name ? p.companyName : null,
        email: p.email,
        openingHours: null,
        phoneNumber: p.phone,
      });
    }
  }

  const rows = await ctx.db
    .select()
    .from(contacts)
    .where(and(visibleTo(contacts, reader), or(eq(contacts.isDefault, true), eq(contacts.isPrimary, true))))
    .orderBy(contactPrioritySql, asc(contacts.name), asc(contacts.id))
    .limit(CONTACTS_LIMIT);
  const cards = rows.map((r) => contactCard(r, reader));
  const main = (card: ContactCard, source: 'default' | 'primary'): MainContact => ({
    source,
    id: card.id,
    name: card.name,
    title: card.title,
    email: card.email,
    openingHours: card.openingHours,
    phoneNumber: card.phoneNumber,
  });
  const defaultCard = cards.find((c) => c.isDefault);
  if (defaultCard) add(main(defaultCard, 'default'));
  for (const card of cards.filter((c) => c.isPrimary)) add(main(card, 'primary'));
  return out;
}

// --- Staff ------------------------------------------------------------------------------------

/** Which contacts a caller reaches in the staff views: yitUser all, property managers their companies'. */
export function contactScope(p: Principal): Scope {
  if (p.hasRole('yitUser')) return { all: true };
  return {
    all: false,
    housingCompanyIds: housingCompaniesWhere(p, [...CONTACT_HC_EDITORS, ...CONTENT_PROJECT_EDITORS]),
  };
}

const mayWriteContacts = (p: Principal) => passes(STAFF_ACCESS.contactsWrite, p.holding);

/** May the caller change or delete this contact (03 §6, canEditItem)? */
export function mayEditContact(p: Principal, row: ContactRow): boolean {
  return mayWriteContacts(p) && canEditItem(editorActor(p, 'contacts'), row);
}

export function toAdminContact(row: ContactRow, now: Date, canEdit: boolean): AdminContact {
  return {
    ...adminMetaOf(row, now, canEdit),
    name: row.name,
    defaultLanguage: row.defaultLanguage as AdminContact['defaultLanguage'],
    variants: row.variants as AdminContact['variants'],
    email: row.email,
    phoneNumber: row.phoneNumber,
    isPrimary: row.isPrimary,
    isDefault: row.isDefault,
    contactTaxonomies: row.contactTaxonomies,
    priority: row.priority === CONTACT_PRIORITY_DEFAULT ? null : row.priority,
    effectivePriority: contactPriority(row.priority, row.contactTaxonomies),
    targeting: targetingOf(row),
    ...publicationOf(row),
  };
}

export const CONTACT_SORT_COLUMNS = {
  name: contacts.name,
  priority: contactPrioritySql,
  createdAt: contacts.createdAt,
  updatedAt: contacts.updatedAt,
} as const;

export async function adminContactWhere(
  ctx: ContentContext,
  scope: Scope,
  filter: AdminContactListQuery['filter'],
): Promise<SQL | undefined> {
  const where = [
    scopeWhere(contacts.housingCompanyIds, scope),
    ...(await staffListWhere(ctx, contacts, [contacts.name, contacts.email], filter)),
  ];
  if (filter?.contactTaxonomy)
    where.push(arrayContains(contacts.contactTaxonomies, [filter.contactTaxonomy]));
  if (filter?.isPrimary !== undefined) where.push(eq(contacts.isPrimary, filter.isPrimary));
  if (filter?.isDefault !== undefined) where.push(eq(contacts.isDefault, filter.isDefault));
  return and(...where);
}

export function contactOrder(sort: AdminContactListQuery['sort']): SQL[] {
  const [field, order] = sort ?? ['name', 'ASC'];
  return [sortBy(CONTACT_SORT_COLUMNS[field], order), asc(contacts.name), asc(contacts.id)];
}

/** A contact in the caller's scope, or 404. */
export function contactInScope(ctx: ContentContext, scope: Scope, id: string): Promise<ContactRow> {
  return itemWhere(ctx.db, contacts, id, scopeWhere(contacts.housingCompanyIds, scope));
}

function cleanContactVariants(variants: AdminContactWrite['variants']): Record<string, ContactTexts> {
  const out: Record<string, ContactTexts> = {};
  for (const [lang, v] of Object.entries(variants)) {
    if (!v) continue;
    const texts: ContactTexts = {};
    if (v.title) texts.title = v.title;
    if (v.openingHours) texts.openingHours = v.openingHours;
    if (v.phoneInfo) texts.phoneInfo = v.phoneInfo;
    const info = v.info ? sanitizeRichText(v.info) : '';
    if (info) texts.info = info;
    out[lang] = texts;
  }
  return out;
}

async function contactValues(ctx: ContentContext, p: Principal, input: AdminContactWrite) {
  await checkTargeting(ctx, editorActor(p, 'contacts'), input.targeting);
  const publication = resolvePublication(input, ctx.clock.now());
  return {
    name: input.name,
    variants: cleanContactVariants(input.variants),
    defaultLanguage: input.defaultLanguage,
    email: input.email,
    phoneNumber: input.phoneNumber || null,
    isPrimary: input.isPrimary,
    isDefault: input.isDefault,
    contactTaxonomies: [...new Set<ContactTaxonomyGroup>(input.contactTaxonomies)],
    priority: input.priority ?? CONTACT_PRIORITY_DEFAULT,
    ...distinctTargeting(input.targeting),
    audience: audienceOf(input.targeting),
    status: publication.status,
    publishAt: publication.publishAt,
    unpublishAt: publication.unpublishAt,
  };
}

export async function createContact(
  ctx: ContentContext,
  p: Principal,
  input: AdminContactWrite,
): Promise<ContactRow> {
  const values = await contactValues(ctx, p, input);
  return createStaffItem(ctx, contacts, input.codename, values.name, values, editorActor(p, 'contacts'));
}

/** Replace a contact the caller may edit (403 CNT_NOT_EDITABLE otherwise). */
export async function updateContact(
  ctx: ContentContext,
  p: Principal,
  row: ContactRow,
  input: AdminContactWrite,
): Promise<ContactRow> {
  if (!mayEditContact(p, row)) throw new AppError('CNT_NOT_EDITABLE');
  const values = await contactValues(ctx, p, input);
  return updateStaffItem(ctx, contacts, row, input.codename, values.name, values);
}

export async function deleteContact(ctx: ContentContext, p: Principal, row: ContactRow): Promise<void> {
  if (!mayEditContact(p, row)) throw new AppError('CNT_NOT_EDITABLE');
  await ctx.db.delete(contacts).where(eq(contacts.id, row.id));
}
