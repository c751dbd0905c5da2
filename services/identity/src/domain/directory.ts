import {
  type DirectoryHousingCompany,
  type DirectoryRequest,
  type DirectoryResponse,
  IDENTITY_DIRECTORY_RPC,
  zDirectoryRequest,
} from '@porta/contracts';
import type { Bus, Db, Subscription } from '@porta/service-kit';
import { and, asc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import type * as schema from '../db/schema.js';
import {
  apartments,
  housingCompanies,
  housingCompanyPartners,
  partnerCompanies,
  taxonomyTerms,
  users,
} from '../db/schema.js';

type IdentityDb = Db<typeof schema>;

/** Codename paths of every building-taxonomy term (the term, then its ancestors). */
async function taxonomyPaths(db: IdentityDb): Promise<Map<string, string[]>> {
  const terms = await db
    .select({ id: taxonomyTerms.id, codename: taxonomyTerms.codename, parentId: taxonomyTerms.parentId })
    .from(taxonomyTerms)
    .where(eq(taxonomyTerms.group, 'buildingtaxonomy'));
  const byId = new Map(terms.map((t) => [t.id, t]));
  const paths = new Map<string, string[]>();
  for (const term of terms) {
    const path: string[] = [];
    const seen = new Set<string>();
    for (
      let t: typeof term | undefined = term;
      t && !seen.has(t.id);
      t = t.parentId ? byId.get(t.parentId) : undefined
    ) {
      seen.add(t.id);
      path.push(t.codename);
    }
    paths.set(term.id, path);
  }
  return paths;
}

/** The housing companies matching `where`, with apartments, partner key contacts and taxonomy path. */
async function load(
  db: IdentityDb,
  where: SQL | undefined,
  limit?: number,
): Promise<DirectoryHousingCompany[]> {
  const base = db.select().from(housingCompanies).where(where).orderBy(asc(housingCompanies.id));
  const rows = limit ? await base.limit(limit) : await base;
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [paths, apts, partners] = await Promise.all([
    taxonomyPaths(db),
    db
      .select({
        id: apartments.id,
        housingCompanyId: apartments.housingCompanyId,
        no: apartments.no,
        size: apartments.size,
        rooms: apartments.rooms,
        apartmentNumber: apartments.apartmentNumber,
        visibleApartmentNumber: apartments.visibleApartmentNumber,
        aptext: apartments.aptext,
      })
      .from(apartments)
      .where(inArray(apartments.housingCompanyId, ids)),
    db
      .select({
        housingCompanyId: housingCompanyPartners.housingCompanyId,
        type: housingCompanyPartners.type,
        partnerCompanyId: housingCompanyPartners.partnerCompanyId,
        keyContactUserId: housingCompanyPartners.keyContactUserId,
        companyKeyContactUserId: partnerCompanies.keyContactUserId,
        companyName: partnerCompanies.name,
        companyEmail: partnerCompanies.email,
        companyPhone: partnerCompanies.phone,
      })
      .from(housingCompanyPartners)
      .innerJoin(partnerCompanies, eq(partnerCompanies.id, housingCompanyPartners.partnerCompanyId))
      .where(inArray(housingCompanyPartners.housingCompanyId, ids)),
  ]);
  const contactIds = [
    ...new Set(
      partners.map((p) => p.keyContactUserId ?? p.companyKeyContactUserId).filter((v) => v !== null),
    ),
  ];
  const contacts = contactIds.length
    ? await db
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          phone: users.phone,
        })
        .from(users)
        .where(inArray(users.id, contactIds))
    : [];
  const contactById = new Map(contacts.map((c) => [c.id, c]));
  return rows.map((hc) => ({
    id: hc.id,
    hcExt: hc.hcExt,
    name: hc.name,
    marketingName: hc.marketingName,
    addressCountry: hc.addressCountry,
    addressArea: hc.addressArea,
    addressCity: hc.addressCity,
    addressZip: hc.addressZip,
    businessUnit: hc.businessUnit,
    completionDate: hc.completionDate,
    lifecycleStepsActive: hc.lifecycleStepsActive,
    buildingType: hc.buildingType,
    taxonomyPath: hc.buildingTaxonomyTermId ? (paths.get(hc.buildingTaxonomyTermId) ?? []) : [],
    isDemo: hc.isDemo,
    partnerContacts: partners
      .filter((p) => p.housingCompanyId === hc.id)
      .map((p) => {
        const person = contactById.get(p.keyContactUserId ?? p.companyKeyContactUserId ?? '');
        return {
          type: p.type,
          partnerCompanyId: p.partnerCompanyId,
          companyName: p.companyName,
          name: person ? `${person.firstName} ${person.lastName}`.trim() : null,
          email: person?.email ?? p.companyEmail,
          phone: person?.phone ?? p.companyPhone,
        };
      }),
    apartments: apts
      .filter((a) => a.housingCompanyId === hc.id)
      .map((a) => ({
        id: a.id,
        no: a.no,
        size: a.size,
        rooms: a.rooms,
        apartmentNumber: a.apartmentNumber,
        visibleApartmentNumber: a.visibleApartmentNumber,
        aptext: a.aptext,
      })),
  }));
}

/** Answer one directory request (page, ids, or the companies a partner company serves). */
export async function directoryAnswer(db: IdentityDb, request: DirectoryRequest): Promise<DirectoryResponse> {
  if ('ids' in request) {
    const found = request.ids.length ? await load(db, inArray(housingCompanies.id, request.ids)) : [];
    const foundIds = new Set(found.map((h) => h.id));
    return {
      housingCompanies: found,
      nextAfterId: null,
      missingIds: request.ids.filter((id) => !foundIds.has(id)),
    };
  }
  if ('partnerCompanyId' in request) {
    const served = await db
      .selectDistinct({ id: housingCompanyPartners.housingCompanyId })
      .from(housingCompanyPartners)
      .where(eq(housingCompanyPartners.partnerCompanyId, request.partnerCompanyId));
    const found = served.length
      ? await load(
          db,
          inArray(
            housingCompanies.id,
            served.map((s) => s.id),
          ),
        )
      : [];
    return { housingCompanies: found, nextAfterId: null, missingIds: [] };
  }
  const page = await load(
    db,
    request.afterId ? and(gt(housingCompanies.id, request.afterId)) : undefined,
    request.limit,
  );
  return {
    housingCompanies: page,
    nextAfterId: page.length === request.limit ? page[page.length - 1]!.id : null,
    missingIds: [],
  };
}

/** Serve `rpc.identity.directory.get.v1` on the bus. */
export function serveDirectory(db: IdentityDb, bus: Bus): Promise<Subscription> {
  return bus.reply(IDENTITY_DIRECTORY_RPC, async (data) =>
    directoryAnswer(db, zDirectoryRequest.parse(data)),
  );
}
