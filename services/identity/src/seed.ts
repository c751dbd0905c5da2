import type { Role } from '@porta/contracts';
import type { Db } from '@porta/service-kit';
import { withTransaction } from '@porta/service-kit';
import { eq } from 'drizzle-orm';
import type * as schema from './db/schema.js';
import {
  apartmentRoles,
  apartments,
  housingCompanies,
  housingCompanyRoles,
  partnerCompanies,
  partnerCompanyUsers,
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
] as const;

export const demoEmail = (key: string) => `${key}@demo.porta.test`;

function isoDate(offsetDays: number) {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The demo: a housing company in construction (the demo company, listed first) and one where
 * people live, apartments, and one user per main role with the password Demo-Portal-2026.
 * Runs once: it does nothing when the demo admin exists.
 */
export async function seedDemo(db: Db<typeof schema>): Promise<boolean> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, demoEmail('admin')));
  if (existing) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await withTransaction(db, async (tx) => {
    const [construction, living] = await tx
      .insert(housingCompanies)
      .values([
        {
          hcExt: 'DEMO-1000',
          name: 'As Oy Demo Harbour View',
          marketingName: 'Harbour View',
          addressStreet: 'Satamakatu 10',
          addressCity: 'Helsinki',
          addressCountry: 'Finland',
          businessUnit: 'Housing Finland',
          completionDate: isoDate(240),
          lifecycleStepsActive: true,
          isDemo: true,
        },
        {
          hcExt: 'DEMO-2000',
          name: 'As Oy Demo Linden Court',
          marketingName: 'Linden Court',
          addressStreet: 'Lehmustie 4',
          addressCity: 'Espoo',
          addressCountry: 'Finland',
          businessUnit: 'Housing Finland',
          completionDate: isoDate(-400),
          lifecycleStepsActive: false,
          isDemo: false,
        },
      ])
      .returning();
    const apts = await tx
      .insert(apartments)
      .values([
        { housingCompanyId: construction!.id, no: 'A 1', aptext: 'DEMO-1000-A1', externalName: 'A 1' },
        { housingCompanyId: construction!.id, no: 'A 2', aptext: 'DEMO-1000-A2', externalName: 'A 2' },
        { housingCompanyId: living!.id, no: 'B 12', aptext: 'DEMO-2000-B12', externalName: 'B 12' },
        { housingCompanyId: living!.id, no: 'B 14', aptext: 'DEMO-2000-B14', externalName: 'B 14' },
      ])
      .returning();
    const [a1, , b12, b14] = apts;
    const [partnerCompany] = await tx
      .insert(partnerCompanies)
      .values({ name: 'Demo Kitchen Partners Oy', type: 'BUSINESS_PARTNER', externalId: 'DEMO-PC-1' })
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
    ]);
    await tx.insert(apartmentRoles).values([
      { userId: byKey.owner!.id, apartmentId: b12!.id, role: 'owner' },
      { userId: byKey.owner!.id, apartmentId: a1!.id, role: 'owner' },
      { userId: byKey.tenant!.id, apartmentId: b14!.id, role: 'tenant' },
      { userId: byKey.board!.id, apartmentId: b14!.id, role: 'owner' },
    ]);
    await tx
      .insert(partnerCompanyUsers)
      .values({ partnerCompanyId: partnerCompany!.id, userId: byKey.partner!.id });
  });
  return true;
}
