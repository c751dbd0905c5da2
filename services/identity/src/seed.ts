import type { Role } from '@porta/contracts';
import type { Db } from '@porta/service-kit';
import { withTransaction } from '@porta/service-kit';
import { eq } from 'drizzle-orm';
import type * as schema from './db/schema.js';
import {
  apartmentRoles,
  apartments,
  featureToggles,
  housingCompanies,
  housingCompanyPartners,
  housingCompanyRoles,
  partnerCompanies,
  partnerCompanyUsers,
  taxonomyTerms,
  users,
} from './db/schema.js';
import { hashPassword } from './domain/password.js';

export const DEMO_PASSWORD = 'Demo-Portal-2026';

/** One demo user per main role (ARCHITECTURE §6): `<role>@demo.porta.test`. */
export const DEMO_USERS = [
  { key: 'admin', firstName: 'Ada', lastName: 'Admin', roles: ['admin'] as Role[] },
  { key: 'staff', firstName: 'Sami', lastName: 'Staff', roles: ['yitUser'] as Role[] },
  { key: 'manager', firstName: 'Maria', lastName: 'Manager', roles: [] as Role[] },
  { key: 'board', firstName: 'Bertil', lastName: 'Board', roles: [] as Role[] },
  { key: 'owner', firstName: 'Olivia', lastName: 'Owner', roles: [] as Role[] },
  { key: 'tenant', firstName: 'Timo', lastName: 'Tenant', roles: [] as Role[] },
  { key: 'partner', firstName: 'Paula', lastName: 'Partner', roles: ['partner'] as Role[] },
  /** Owner of C 1 in Birch Hill: a resident of another housing company. */
  { key: 'neighbour', firstName: 'Nora', lastName: 'Neighbour', roles: [] as Role[] },
  /** Property manager of Birch Hill only: a manager of another housing company. */
  { key: 'othermanager', firstName: 'Otto', lastName: 'Othermanager', roles: [] as Role[] },
  { key: 'consumption', firstName: 'Carl', lastName: 'Consumption', roles: ['consumptionManager'] as Role[] },
] as const;

export const demoEmail = (key: string) => `${key}@demo.porta.test`;

function isoDate(offsetDays: number) {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

/** The nine contact groups of 03 §3. */
const CONTACT_GROUPS: [codename: string, name: string][] = [
  ['building_administration', 'Building administration'],
  ['property_management', 'Property management'],
  ['maintenance', 'Maintenance'],
  ['construction_site', 'Construction site'],
  ['customer_service', 'Customer service'],
  ['design_management', 'Design management'],
  ['suppliers', 'Suppliers'],
  ['yit_plus_support', 'YIT Plus support'],
  ['other', 'Other'],
];

/**
 * The FAQ and help groups (faqtaxonomy) of the demo's FAQ and help entries (content's seed): the
 * spec names the group, not its terms.
 */
const FAQ_GROUPS: [codename: string, name: string][] = [
  ['maintenance', 'Maintenance'],
  ['moving_in', 'Moving in'],
  ['portal', 'The portal'],
  ['news_and_calendar', 'News and calendar'],
  ['contacts', 'Contacts'],
  ['users', 'Users'],
];

/** Campaign categories (campaign_category) of the demo's campaigns (content's shop seed). */
const CAMPAIGN_CATEGORIES: [codename: string, name: string][] = [
  ['renovation', 'Renovation'],
  ['cleaning', 'Cleaning'],
  ['design', 'Design'],
  ['maintenance', 'Maintenance'],
  ['furniture', 'Furniture'],
  ['garden', 'Garden'],
  ['energy', 'Energy'],
];

/**
 * The demo: a housing company in construction (the demo company, listed first), two where people
 * live (Linden Court in Espoo, Birch Hill in Tampere), apartments, building-taxonomy regions,
 * contact, building-type, FAQ-group and campaign-category terms, a property-manager and a maintenance company, a business
 * partner with an operational area, and one user per main role with the password
 * Demo-Portal-2026. Runs once: it does nothing when the demo admin exists.
 */
export async function seedDemo(
  db: Db<typeof schema>,
  options: { features?: boolean } = {},
): Promise<boolean> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, demoEmail('admin')));
  if (existing) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await withTransaction(db, async (tx) => {
    const term = async (group: string, codename: string, name: string, parentId: string | null = null) => {
      const [row] = await tx.insert(taxonomyTerms).values({ group, codename, name, parentId }).returning();
      return row!.id;
    };
    const uusimaa = await term('buildingtaxonomy', 'uusimaa', 'Uusimaa');
    const helsinki = await term('buildingtaxonomy', 'helsinki', 'Helsinki', uusimaa);
    const espoo = await term('buildingtaxonomy', 'espoo', 'Espoo', uusimaa);
    const pirkanmaa = await term('buildingtaxonomy', 'pirkanmaa', 'Pirkanmaa');
    const tampere = await term('buildingtaxonomy', 'tampere', 'Tampere', pirkanmaa);
    await tx
      .insert(taxonomyTerms)
      .values([
        ...CONTACT_GROUPS.map(([codename, name]) => ({ group: 'contact_taxonomy', codename, name })),
        { group: 'building_type', codename: 'block_of_flats', name: 'Block of flats' },
        { group: 'building_type', codename: 'leisure_home', name: 'Leisure home' },
        ...FAQ_GROUPS.map(([codename, name]) => ({ group: 'faqtaxonomy', codename, name })),
        ...CAMPAIGN_CATEGORIES.map(([codename, name]) => ({ group: 'campaign_category', codename, name })),
      ]);

    const [construction, living, birchHill] = await tx
      .insert(housingCompanies)
      .values([
        {
          hcExt: 'DEMO-1000',
          name: 'As Oy Demo Harbour View',
          marketingName: 'Harbour View',
          addressStreet: 'Satamakatu 10',
          addressZip: '00160',
          addressArea: 'Katajanokka',
          addressCity: 'Helsinki',
          addressCountry: 'Finland',
          businessUnit: 'Housing Finland',
          completionDate: isoDate(240),
          lifecycleStepsActive: true,
          isDemo: true,
          buildingType: 'block_of_flats',
          buildingTaxonomyTermId: helsinki,
          energyClass: 'A',
          numberOfApartments: 36,
          numberOfNonSellableParkingPlaces: 4,
          additionalInformationAboutParkingPlaces: 'Parking in the courtyard garage; two charging points.',
          housingCompanyAdminEmail: 'harbourview@demo.porta.test',
          documentsScope: 'project',
        },
        {
          hcExt: 'DEMO-2000',
          name: 'As Oy Demo Linden Court',
          marketingName: 'Linden Court',
          addressStreet: 'Lehmustie 4',
          addressZip: '02600',
          addressArea: 'Leppävaara',
          addressCity: 'Espoo',
          addressCountry: 'Finland',
          businessUnit: 'Housing Finland',
          completionDate: isoDate(-400),
          finalizationDate: isoDate(-380),
          lifecycleStepsActive: false,
          isDemo: false,
          buildingType: 'block_of_flats',
          buildingTaxonomyTermId: espoo,
          energyClass: 'B',
          numberOfApartments: 24,
          numberOfNonSellableParkingPlaces: 2,
          housingCompanyAdminEmail: 'lindencourt@demo.porta.test',
          wizardCompleted: true,
          warrantyReportStartDate: isoDate(-400),
          warrantyReportEndDate: isoDate(-40),
          warrantyPeriodEndDate: isoDate(330),
          documentsScope: 'project',
        },
        {
          hcExt: 'DEMO-3000',
          name: 'As Oy Demo Birch Hill',
          marketingName: 'Birch Hill',
          addressStreet: 'Koivukuja 3',
          addressZip: '33720',
          addressArea: 'Hervanta',
          addressCity: 'Tampere',
          addressCountry: 'Finland',
          businessUnit: 'Housing Finland',
          completionDate: isoDate(-900),
          finalizationDate: isoDate(-880),
          lifecycleStepsActive: false,
          isDemo: false,
          buildingType: 'block_of_flats',
          buildingTaxonomyTermId: tampere,
          energyClass: 'C',
          numberOfApartments: 18,
          numberOfNonSellableParkingPlaces: 0,
          wizardCompleted: true,
          documentsScope: 'project',
        },
      ])
      .returning();
    const apartment = (
      housingCompanyId: string,
      no: string,
      aptext: string,
      fields: Partial<typeof apartments.$inferInsert>,
    ) => ({
      housingCompanyId,
      no,
      aptext,
      externalName: no,
      apartmentNumber: no.replace(/\D/g, ''),
      visibleApartmentNumber: no,
      ...fields,
    });
    const apts = await tx
      .insert(apartments)
      .values([
        apartment(construction!.id, 'A 1', 'DEMO-1000-A1', {
          floorNumber: 1,
          rooms: 2,
          size: 48.5,
          balcony: true,
          numberOfShares: 485,
          shareNumbers: '1-485',
        }),
        apartment(construction!.id, 'A 2', 'DEMO-1000-A2', {
          floorNumber: 1,
          rooms: 3,
          size: 71,
          balcony: true,
          sauna: true,
          numberOfShares: 710,
          shareNumbers: '486-1195',
        }),
        apartment(living!.id, 'B 12', 'DEMO-2000-B12', {
          floorNumber: 3,
          rooms: 1,
          size: 32.5,
          balcony: true,
          numberOfShares: 325,
          shareNumbers: '3001-3325',
        }),
        apartment(living!.id, 'B 14', 'DEMO-2000-B14', {
          floorNumber: 4,
          rooms: 4,
          size: 92,
          balcony: true,
          sauna: true,
          numberOfShares: 920,
          shareNumbers: '3326-4245',
        }),
        apartment(birchHill!.id, 'C 1', 'DEMO-3000-C1', {
          floorNumber: 0,
          rooms: 3,
          size: 68,
          terrace: true,
          sauna: true,
          numberOfShares: 680,
          shareNumbers: '1-680',
        }),
        apartment(birchHill!.id, 'C 2', 'DEMO-3000-C2', {
          floorNumber: 1,
          rooms: 2,
          size: 51,
          balcony: true,
          numberOfShares: 510,
          shareNumbers: '681-1190',
        }),
      ])
      .returning();
    const [a1, , b12, b14, c1] = apts;
    const [kitchenPartner, propertyManagerCompany, maintenanceCompany] = await tx
      .insert(partnerCompanies)
      .values([
        {
          name: 'Demo Kitchen Partners Oy',
          type: 'BUSINESS_PARTNER',
          externalId: 'DEMO-PC-1',
          businessId: '1234567-8',
          city: 'Helsinki',
          country: 'Finland',
          email: 'kitchens@demo.porta.test',
          webPageUrl: 'https://kitchens.demo.porta.test',
          description: 'Kitchen renovations and fittings.',
          // Helsinki by building taxonomy, Linden Court by its zip code; not Tampere.
          operationalAreaZips: ['02600'],
          operationalAreaTaxonomies: [helsinki],
        },
        {
          name: 'Demo Isännöinti Oy',
          type: 'PROPERTY_MANAGER',
          externalId: 'DEMO-PC-2',
          businessId: '2345678-9',
          street: 'Mannerheimintie 5',
          zip: '00100',
          city: 'Helsinki',
          country: 'Finland',
          phone: '+358 9 123 4567',
          email: 'isannointi@demo.porta.test',
          contactDetails: { name: 'Maria Manager', phone: '+358 9 123 4567', openingHours: 'Mon–Fri 9–15' },
        },
        {
          name: 'Demo Huolto Oy',
          type: 'MAINTENANCE_MANAGER',
          externalId: 'DEMO-PC-3',
          businessId: '3456789-0',
          city: 'Espoo',
          country: 'Finland',
          phone: '+358 9 765 4321',
          email: 'huolto@demo.porta.test',
          contactDetails: { phone: '+358 9 765 4321', openingHours: 'Every day 0–24 (emergencies)' },
        },
      ])
      .returning();
    const created = await tx
      .insert(users)
      .values(
        DEMO_USERS.map((u) => ({
          email: demoEmail(u.key),
          firstName: u.firstName,
          lastName: u.lastName,
          locale: 'en_US',
          passwordHash,
          registered: true,
          publicProfile: true,
          source: 'demo',
          roles: [...u.roles],
        })),
      )
      .returning();
    const byKey = Object.fromEntries(DEMO_USERS.map((u, i) => [u.key, created[i]!]));
    await tx.insert(housingCompanyRoles).values([
      { userId: byKey.manager!.id, housingCompanyId: construction!.id, role: 'propertyManager' },
      { userId: byKey.manager!.id, housingCompanyId: living!.id, role: 'propertyManager' },
      { userId: byKey.board!.id, housingCompanyId: living!.id, role: 'boardMember' },
      { userId: byKey.othermanager!.id, housingCompanyId: birchHill!.id, role: 'propertyManager' },
      // The developer's staff member works on the developer's two projects (03 §6 project roles),
      // so a newcomer trying the staff app as staff@ can publish their news, events and contacts.
      { userId: byKey.staff!.id, housingCompanyId: construction!.id, role: 'yitProject' },
      { userId: byKey.staff!.id, housingCompanyId: living!.id, role: 'yitProject' },
    ]);
    await tx.insert(apartmentRoles).values([
      { userId: byKey.owner!.id, apartmentId: b12!.id, role: 'owner' },
      { userId: byKey.owner!.id, apartmentId: a1!.id, role: 'owner' },
      { userId: byKey.tenant!.id, apartmentId: b14!.id, role: 'tenant' },
      { userId: byKey.board!.id, apartmentId: b14!.id, role: 'owner' },
      { userId: byKey.neighbour!.id, apartmentId: c1!.id, role: 'owner' },
    ]);
    await tx.insert(partnerCompanyUsers).values([
      { partnerCompanyId: kitchenPartner!.id, userId: byKey.partner!.id },
      { partnerCompanyId: propertyManagerCompany!.id, userId: byKey.manager!.id },
    ]);
    await tx
      .update(partnerCompanies)
      .set({ keyContactUserId: byKey.manager!.id })
      .where(eq(partnerCompanies.id, propertyManagerCompany!.id));
    await tx.insert(housingCompanyPartners).values([
      {
        housingCompanyId: construction!.id,
        partnerCompanyId: propertyManagerCompany!.id,
        type: 'PropertyManager',
        keyContactUserId: byKey.manager!.id,
      },
      {
        housingCompanyId: living!.id,
        partnerCompanyId: propertyManagerCompany!.id,
        type: 'PropertyManager',
        keyContactUserId: byKey.manager!.id,
      },
      { housingCompanyId: living!.id, partnerCompanyId: maintenanceCompany!.id, type: 'MaintenanceManager' },
    ]);
    if (options.features !== false) {
      // A portal to look at: these features everywhere, warranty in Uusimaa only (Harbour View and
      // Linden Court, not Birch Hill). News and calendar are always on.
      await tx.insert(featureToggles).values([
        ...(
          [
            'material-selection',
            'service-requests',
            'public-discussion',
            'neighbours',
            'area-discussion',
            'faq',
            'service-lounge',
            'atp-feed',
            'yit-corporation-news',
            'documents',
            'email-letters',
          ] as const
        ).map((featureId) => ({
          featureId,
          scope: 'global',
        })),
        { featureId: 'warranty', scope: uusimaa },
      ]);
    }
  });
  return true;
}
