import {
  type BanCheckResponse,
  IDENTITY_AUDIENCE_RPC,
  IDENTITY_BANS_RPC,
  IDENTITY_DIRECTORY_RPC,
} from '@porta/contracts';
import { AppError, FeatureGate, IdentityClient, MemoryBus, type Subscription } from '@porta/service-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CommunityContext } from '../context.js';
import { consumeIdentityEvents } from './identity-events.js';

const USER = '00000000-0000-4000-8000-00000000000a';
const HC = '00000000-0000-4000-8000-000000000001';

let bus: MemoryBus;
let asked: number;
let answer: BanCheckResponse;
let responder: Subscription;

beforeEach(async () => {
  bus = new MemoryBus();
  asked = 0;
  answer = { bans: [] };
  responder = await bus.reply(IDENTITY_BANS_RPC, async () => {
    asked++;
    return answer;
  });
});
afterEach(async () => {
  await responder.stop();
  await bus.close();
});

const ban = {
  id: '00000000-0000-4000-8000-0000000000ff',
  housingCompanyId: HC,
  expiryDate: '2030-01-31',
  expiresAt: '2030-02-01T00:00:00.000Z',
};

describe("identity's bans as the community service asks them", () => {
  it('asks on every write when nothing may be kept', async () => {
    const client = new IdentityClient(bus, { banCacheSeconds: 0 });
    expect(await client.bansInForce(USER, HC)).toEqual([]);
    answer = { bans: [ban] };
    expect(await client.bansInForce(USER, HC)).toEqual([ban]);
    expect(asked).toBe(2);
  });

  it('keeps an answer only for the few seconds configured, per user and housing company', async () => {
    let now = 1_000_000;
    const client = new IdentityClient(bus, { banCacheSeconds: 3, now: () => now });
    await client.bansInForce(USER, HC);
    answer = { bans: [ban] };
    now += 2_999;
    expect(await client.bansInForce(USER, HC)).toEqual([]);
    expect(asked).toBe(1);
    now += 1;
    expect(await client.bansInForce(USER, HC)).toEqual([ban]);
    expect(asked).toBe(2);
    await client.bansInForce(USER, '00000000-0000-4000-8000-000000000002');
    expect(asked).toBe(3);
  });

  it('forgets kept answers when identity announces a ban or its lifting', async () => {
    const client = new IdentityClient(bus, { banCacheSeconds: 10 });
    const ctx = { bus, identity: client, features: new FeatureGate(bus) } as unknown as CommunityContext;
    const consumer = await consumeIdentityEvents(ctx);
    try {
      expect(await client.bansInForce(USER, HC)).toEqual([]);
      answer = { bans: [ban] };
      await bus.publish('identity.user.banned.v1', { userId: USER }, { msgId: crypto.randomUUID() });
      const deadline = Date.now() + 5_000;
      let bans = await client.bansInForce(USER, HC);
      while (bans.length === 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 20));
        bans = await client.bansInForce(USER, HC);
      }
      expect(bans).toEqual([ban]);
    } finally {
      await consumer.stop();
    }
  });

  it('refuses with 503 when identity does not answer, and keeps no failed answer', async () => {
    const client = new IdentityClient(bus, { banCacheSeconds: 10 });
    await responder.stop();
    const failed = await client.bansInForce(USER, HC).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(AppError);
    expect((failed as AppError).code).toBe('TEMPORARILY_UNAVAILABLE');
    responder = await bus.reply(IDENTITY_BANS_RPC, async () => ({ bans: [ban] }));
    expect(await client.bansInForce(USER, HC)).toEqual([ban]);
  });

  it('reads a first name and a housing company from identity', async () => {
    const client = new IdentityClient(bus, { banCacheSeconds: 0 });
    const names = await bus.reply(IDENTITY_AUDIENCE_RPC, async () => ({
      members: [{ userId: USER, email: 'a@b.fi', firstName: 'Aino', locale: 'fi_FI', housingCompanyId: HC }],
      nextAfterUserId: null,
    }));
    const directory = await bus.reply(IDENTITY_DIRECTORY_RPC, async () => ({
      housingCompanies: [],
      nextAfterId: null,
      missingIds: [HC],
    }));
    try {
      expect(await client.firstName(USER)).toBe('Aino');
      expect(await client.housingCompany(HC)).toBeNull();
    } finally {
      await names.stop();
      await directory.stop();
    }
  });
});
