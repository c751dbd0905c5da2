import { IDENTITY_REVOCATIONS_LIVE, IDENTITY_REVOCATIONS_RPC, type Revocations } from '@porta/contracts';
import { MemoryBus, type Subscription } from '@porta/service-kit';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.js';
import { type IdentityTestApp, identityTestApp, loginAs } from '../testing/identity-app.js';
import { serveRevocations } from './revocations.js';

let t: IdentityTestApp;
let bus: MemoryBus;
let served: Subscription;
const heard: Revocations[] = [];
const TTL_MS = 1_800_000;

beforeAll(async () => {
  t = await identityTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    sid: string;
    sub: string;
    ver: number;
  };

async function heardOf(predicate: (r: Revocations) => boolean, ms = 2_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (heard.some(predicate)) return true;
    await new Promise((r) => setTimeout(r, 10));
  }
  return false;
}

describe.each([
  { how: 'polling every 50 ms', wake: false, resident: 'tenant' },
  // A minute between polls: only the commit's notification is in time (ADR 0029).
  { how: 'woken by the commit (PGlite), no poll in time', wake: true, resident: 'neighbour' },
])('revoked tokens, $how', ({ wake, resident }) => {
  beforeAll(async () => {
    bus = new MemoryBus();
    heard.length = 0;
    const { db, database } = t.identity.context;
    expect(database.listen).toBeDefined();
    served = await serveRevocations(
      db,
      bus,
      wake
        ? { tokenTtlMs: TTL_MS, listen: database.listen, pollMs: 60_000 }
        : { tokenTtlMs: TTL_MS, pollMs: 50 },
    );
    await bus.listen<Revocations>(IDENTITY_REVOCATIONS_LIVE, (data) => void heard.push(data));
  });
  afterAll(async () => {
    await served?.stop();
    await bus?.close();
  });

  it('broadcasts an ended session within a poll, and lists it until its tokens have expired', async () => {
    const { accessToken } = await loginAs(t.app, 'tenant');
    const { sid } = claimsOf(accessToken);
    const started = Date.now();
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/identity/logout',
      headers: { authorization: `Bearer ${accessToken}` },
      payload: {},
    });
    expect(logout.statusCode).toBe(204);
    expect(await heardOf((r) => r.sessions.some((s) => s.sid === sid))).toBe(true);
    expect(Date.now() - started).toBeLessThan(1_000);
    const list = await bus.request<Revocations>(IDENTITY_REVOCATIONS_RPC, {});
    const entry = list.sessions.find((s) => s.sid === sid)!;
    expect(entry.until).toBeGreaterThan(Date.now() + TTL_MS - 60_000);
  });

  it('gives tokens the membership version, and a change of roles makes the earlier ones stale', async () => {
    const { accessToken } = await loginAs(t.app, 'owner');
    const before = claimsOf(accessToken);
    const admin = (await loginAs(t.app, 'admin')).accessToken;
    const granted = await t.app.inject({
      method: 'PUT',
      url: `/api/identity/admin/users/${before.sub}/global-roles`,
      headers: { authorization: `Bearer ${admin}` },
      payload: { roles: ['yitMarketing'] },
    });
    expect(granted.statusCode).toBe(200);
    const [row] = await t.identity.context.db
      .select({ at: users.membershipChangedAt })
      .from(users)
      .where(eq(users.id, before.sub));
    const ver = row!.at!.getTime();
    expect(ver).toBeGreaterThan(before.ver);
    expect(await heardOf((r) => r.users.some((u) => u.userId === before.sub && u.ver === ver))).toBe(true);
    // A token made now carries the new version: it is not stale.
    expect(claimsOf((await loginAs(t.app, 'owner')).accessToken).ver).toBe(ver);
  });

  it('makes tokens stale when an apartment role is removed', async () => {
    const { accessToken } = await loginAs(t.app, resident);
    const { sub, ver } = claimsOf(accessToken);
    const admin = (await loginAs(t.app, 'admin')).accessToken;
    const roles = await t.app.inject({
      method: 'GET',
      url: `/api/identity/admin/users/${sub}/roles`,
      headers: { authorization: `Bearer ${admin}` },
    });
    const [role] = roles.json().apartments as { apartmentId: string; role: string }[];
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/identity/admin/users/${sub}/apartment-roles/${role!.apartmentId}/${role!.role}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(removed.statusCode).toBe(204);
    expect(await heardOf((r) => r.users.some((u) => u.userId === sub && u.ver > ver))).toBe(true);
  });
});
