import { type BanCheckResponse, IDENTITY_BANS_RPC } from '@porta/contracts';
import { MemoryBus } from '@porta/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bans, housingCompanies, users } from '../db/schema.js';
import { type IdentityTestApp, identityTestApp } from '../testing/identity-app.js';
import { bansInForce, serveBanCheck } from './ban-check.js';
import { banExpiresAt } from './bans.js';

let t: IdentityTestApp;
const hc: Record<string, string> = {};
const id: Record<string, string> = {};
const now = new Date('2026-03-10T12:00:00Z');

beforeAll(async () => {
  t = await identityTestApp();
  const { db } = t.identity.context;
  for (const row of await db.select().from(housingCompanies)) hc[row.hcExt] = row.id;
  for (const row of await db.select().from(users)) id[row.email.split('@')[0]!] = row.id;
  await db.insert(bans).values([
    // The owner: banned in Linden Court until the end of 31 March, and in Birch Hill.
    { userId: id.owner!, housingCompanyId: hc['DEMO-2000']!, expiresAt: banExpiresAt('2026-03-31') },
    { userId: id.owner!, housingCompanyId: hc['DEMO-3000']!, expiresAt: banExpiresAt('2026-12-31') },
    // The tenant: a global ban until the end of 20 March, and an expired one in Linden Court.
    { userId: id.tenant!, housingCompanyId: null, expiresAt: banExpiresAt('2026-03-20') },
    { userId: id.tenant!, housingCompanyId: hc['DEMO-2000']!, expiresAt: banExpiresAt('2026-03-09') },
  ]);
});
afterAll(() => t?.close());

const linden = () => hc['DEMO-2000']!;

describe('bans in force for a user in a housing company (rpc.identity.bans.get.v1)', () => {
  it("answers that housing company's ban, not another company's", async () => {
    const { db } = t.identity.context;
    const answer = await bansInForce(db, { userId: id.owner!, housingCompanyId: linden() }, now);
    expect(answer.bans).toEqual([
      expect.objectContaining({
        housingCompanyId: linden(),
        expiryDate: '2026-03-31',
        // The end of 31 March in Finland (EEST, UTC+3).
        expiresAt: '2026-03-31T21:00:00.000Z',
      }),
    ]);
    const harbour = await bansInForce(db, { userId: id.owner!, housingCompanyId: hc['DEMO-1000']! }, now);
    expect(harbour.bans).toEqual([]);
  });

  it('answers a global ban everywhere and leaves out expired bans', async () => {
    const { db } = t.identity.context;
    for (const ext of ['DEMO-1000', 'DEMO-2000', 'DEMO-3000']) {
      const answer = await bansInForce(db, { userId: id.tenant!, housingCompanyId: hc[ext]! }, now);
      expect(answer.bans.map((b) => [b.housingCompanyId, b.expiryDate])).toEqual([[null, '2026-03-20']]);
    }
  });

  it('answers nothing once the ban has ended (the day after the expiry date) and for users without bans', async () => {
    const { db } = t.identity.context;
    const after = new Date('2026-03-31T21:00:00Z');
    expect((await bansInForce(db, { userId: id.owner!, housingCompanyId: linden() }, after)).bans).toEqual(
      [],
    );
    const lastMoment = new Date('2026-03-31T20:59:59Z');
    expect(
      (await bansInForce(db, { userId: id.owner!, housingCompanyId: linden() }, lastMoment)).bans,
    ).toHaveLength(1);
    expect((await bansInForce(db, { userId: id.board!, housingCompanyId: linden() }, now)).bans).toEqual([]);
  });

  it('answers over the bus and refuses a malformed request', async () => {
    const { db } = t.identity.context;
    const expiresAt = new Date(Date.now() + 30 * 86_400_000);
    await db.insert(bans).values({ userId: id.neighbour!, housingCompanyId: hc['DEMO-3000']!, expiresAt });
    const bus = new MemoryBus();
    const responder = await serveBanCheck(db, bus);
    try {
      const answer = await bus.request<BanCheckResponse>(IDENTITY_BANS_RPC, {
        userId: id.neighbour!,
        housingCompanyId: hc['DEMO-3000']!,
      });
      expect(answer.bans).toEqual([
        expect.objectContaining({ housingCompanyId: hc['DEMO-3000'], expiresAt: expiresAt.toISOString() }),
      ]);
      await expect(bus.request(IDENTITY_BANS_RPC, { userId: 'nobody' })).rejects.toThrow();
    } finally {
      await responder.stop();
      await bus.close();
    }
  });
});
