import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apartmentRoles, housingCompanies, partnerCompanies, users } from '../db/schema.js';
import { addTestUser, type IdentityTestApp, identityTestApp } from '../testing/identity-app.js';
import { audienceAnswer } from './audience.js';

let t: IdentityTestApp;
const hc: Record<string, string> = {};
const id: Record<string, string> = {};

beforeAll(async () => {
  t = await identityTestApp();
  const { db } = t.identity.context;
  for (const row of await db.select().from(housingCompanies)) hc[row.hcExt] = row.id;
  for (const row of await db.select().from(users)) id[row.email.split('@')[0]!] = row.id;
});
afterAll(() => t?.close());

const emails = (answer: { members: { email: string }[] }) =>
  answer.members.map((m) => m.email.split('@')[0]).sort();

describe('the audience of housing companies (rpc.identity.audience.get.v1)', () => {
  it('answers each user with a role in force in the companies or their apartments once, with their first company', async () => {
    const { db } = t.identity.context;
    const answer = await audienceAnswer(db, {
      housingCompanyIds: [hc['DEMO-2000']!, hc['DEMO-1000']!],
      roles: [],
      afterUserId: null,
      limit: 100,
    });
    expect(emails(answer)).toEqual(['board', 'manager', 'owner', 'staff', 'tenant']);
    expect(answer.nextAfterUserId).toBeNull();
    const owner = answer.members.find((m) => m.userId === id.owner)!;
    expect([hc['DEMO-2000'], hc['DEMO-1000']]).toContain(owner.housingCompanyId);
    expect(owner).toMatchObject({ email: 'owner@demo.porta.test', firstName: 'Olivia' });
  });

  it('narrows to the roles held on given apartments, leaving out company roles', async () => {
    const { db } = t.identity.context;
    const [b14] = await db
      .select({ id: apartmentRoles.apartmentId })
      .from(apartmentRoles)
      .where(eq(apartmentRoles.userId, id.tenant!));
    const ask = (roles: ('owner' | 'tenant')[]) =>
      audienceAnswer(db, {
        housingCompanyIds: [hc['DEMO-2000']!],
        roles,
        apartmentIds: [b14!.id],
        afterUserId: null,
        limit: 100,
      });
    // B 14: the board member owns it, the tenant rents it; the manager's company role does not count.
    expect(emails(await ask([]))).toEqual(['board', 'tenant']);
    expect(emails(await ask(['owner']))).toEqual(['board']);
    expect(emails(await ask(['tenant']))).toEqual(['tenant']);
  });

  it('filters by role, pages by user id, and leaves out unregistered, deactivated and expired members', async () => {
    const { db } = t.identity.context;
    await addTestUser(t, {
      key: 'unregistered',
      registered: false,
      apartments: [{ aptext: 'DEMO-2000-B12', role: 'tenant' }],
    });
    const gone = await addTestUser(t, {
      key: 'deactivated',
      apartments: [{ aptext: 'DEMO-2000-B12', role: 'tenant' }],
    });
    await db.update(users).set({ enabled: false }).where(eq(users.id, gone));
    const linden = [hc['DEMO-2000']!];
    expect(
      emails(
        await audienceAnswer(db, {
          housingCompanyIds: linden,
          roles: ['boardMember'],
          afterUserId: null,
          limit: 100,
        }),
      ),
    ).toEqual(['board']);
    expect(
      emails(
        await audienceAnswer(db, { housingCompanyIds: linden, roles: [], afterUserId: null, limit: 100 }),
      ),
    ).toEqual(['board', 'manager', 'owner', 'staff', 'tenant']);
    // Two a page: every member once over the pages, in user id order.
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const page = await audienceAnswer(db, {
        housingCompanyIds: linden,
        roles: [],
        afterUserId: after,
        limit: 2,
      });
      seen.push(...page.members.map((m) => m.userId));
      after = page.nextAfterUserId;
      pages++;
    } while (after && pages < 10);
    expect(seen).toHaveLength(5);
    expect([...seen].sort()).toEqual(seen);
    // A role that has ended, or not begun, does not count.
    const moved = await addTestUser(t, {
      key: 'moved',
      apartments: [{ aptext: 'DEMO-2000-B12', role: 'tenant' }],
    });
    await db.update(apartmentRoles).set({ validUntil: '2020-01-31' }).where(eq(apartmentRoles.userId, moved));
    const coming = await addTestUser(t, {
      key: 'coming',
      apartments: [{ aptext: 'DEMO-2000-B12', role: 'tenant' }],
    });
    await db.update(apartmentRoles).set({ validFrom: '2999-01-01' }).where(eq(apartmentRoles.userId, coming));
    expect(
      emails(
        await audienceAnswer(db, { housingCompanyIds: linden, roles: [], afterUserId: null, limit: 100 }),
      ),
    ).toEqual(['board', 'manager', 'owner', 'staff', 'tenant']);
  });

  it('answers the same for many housing companies (walking the users) as for a few (their memberships)', async () => {
    const { db } = t.identity.context;
    const few = [hc['DEMO-2000']!, hc['DEMO-1000']!];
    // Over FEW_COMPANIES ids: companies that do not exist pad the list.
    const many = [...few, ...Array.from({ length: 60 }, () => randomUUID())];
    for (const roles of [[], ['owner']] as const) {
      const a = await audienceAnswer(db, {
        housingCompanyIds: few,
        roles: [...roles],
        afterUserId: null,
        limit: 100,
      });
      const b = await audienceAnswer(db, {
        housingCompanyIds: many,
        roles: [...roles],
        afterUserId: null,
        limit: 100,
      });
      expect(b.members).toEqual(a.members);
      expect(a.members.length).toBeGreaterThan(0);
    }
  });

  it('answers named users with their first housing company', async () => {
    const { db } = t.identity.context;
    const answer = await audienceAnswer(db, { userIds: [id.tenant!, id.neighbour!] });
    expect(emails(answer)).toEqual(['neighbour', 'tenant']);
    expect(answer.members.find((m) => m.userId === id.tenant)!.housingCompanyId).toBe(hc['DEMO-2000']);
  });

  it('answers only the named users who may still read a housing company, when asked so', async () => {
    const { db } = t.identity.context;
    const left = await addTestUser(t, {
      key: 'leftlinden',
      apartments: [{ aptext: 'DEMO-2000-B12', role: 'tenant' }],
    });
    const ended = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    await db.update(apartmentRoles).set({ validUntil: ended }).where(eq(apartmentRoles.userId, left));
    const named = [id.tenant!, id.board!, id.neighbour!, id.staff!, id.admin!, id.partner!, left];
    const linden = hc['DEMO-2000']!;
    expect(emails(await audienceAnswer(db, { userIds: named }))).toEqual([
      'admin',
      'board',
      'leftlinden',
      'neighbour',
      'partner',
      'staff',
      'tenant',
    ]);
    // Members in force, and the developer's staff (admin passes).
    const readers = await audienceAnswer(db, {
      userIds: named,
      readersOf: { housingCompanyIds: [linden], globalRoles: ['yitUser'] },
    });
    expect(emails(readers)).toEqual(['admin', 'board', 'staff', 'tenant']);
    expect(readers.nextAfterUserId).toBeNull();
    // Members only.
    const members = await audienceAnswer(db, {
      userIds: named,
      readersOf: { housingCompanyIds: [linden], globalRoles: [] },
    });
    expect(emails(members)).toEqual(['board', 'staff', 'tenant']);
    // Staff managing users ask also for those not registered yet or deactivated.
    const newcomer = await addTestUser(t, {
      key: 'newcomer',
      registered: false,
      apartments: [{ aptext: 'DEMO-2000-B12', role: 'tenant' }],
    });
    expect(await audienceAnswer(db, { userIds: [newcomer] })).toEqual({ members: [], nextAfterUserId: null });
    expect(emails(await audienceAnswer(db, { userIds: [newcomer], includeInactive: true }))).toEqual([
      'newcomer',
    ]);
    const inLinden = {
      housingCompanyIds: [linden],
      roles: [],
      afterUserId: null,
      limit: 1,
      onlyUserIds: [newcomer],
    };
    expect(emails(await audienceAnswer(db, inLinden))).toEqual([]);
    expect(emails(await audienceAnswer(db, { ...inLinden, includeInactive: true }))).toEqual(['newcomer']);
    expect(members.members.find((m) => m.userId === id.tenant)).toMatchObject({ housingCompanyId: linden });
  });

  it('answers the users of partner companies, and narrows any kind to the users named', async () => {
    const { db } = t.identity.context;
    const companies = await db.select().from(partnerCompanies);
    const byName = (name: string) => companies.find((c) => c.name === name)!.id;
    const answer = await audienceAnswer(db, {
      partnerCompanyIds: [byName('Demo Kitchen Partners Oy'), byName('Demo Isännöinti Oy')],
    });
    expect(emails(answer)).toEqual(['manager', 'partner']);
    expect(answer.nextAfterUserId).toBeNull();
    const narrowed = await audienceAnswer(db, {
      partnerCompanyIds: [byName('Demo Isännöinti Oy')],
      onlyUserIds: [id.partner!, id.manager!],
    });
    expect(emails(narrowed)).toEqual(['manager']);
    const member = await audienceAnswer(db, {
      housingCompanyIds: [hc['DEMO-2000']!],
      roles: [],
      afterUserId: null,
      limit: 1,
      onlyUserIds: [id.neighbour!, id.tenant!],
    });
    expect(emails(member)).toEqual(['tenant']);
  });
});
