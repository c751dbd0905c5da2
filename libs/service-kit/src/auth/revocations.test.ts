import { IDENTITY_REVOCATIONS_LIVE, IDENTITY_REVOCATIONS_RPC, type Revocations } from '@porta/contracts';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryBus } from '../bus/memory-bus.js';
import { AppError } from '../errors.js';
import { until } from '../testing/until.js';
import { TokenRevocations } from './revocations.js';
import { createTokenVerifier, TOKEN_AUDIENCE, TOKEN_ISSUER } from './verifier.js';

const USER = '00000000-0000-4000-8000-00000000000a';
const SESSION = '00000000-0000-4000-8000-00000000000b';
const OTHER_SESSION = '00000000-0000-4000-8000-00000000000c';

let bus: MemoryBus;
let revocations: TokenRevocations | undefined;
afterEach(async () => {
  await revocations?.stop();
  await bus?.close();
  revocations = undefined;
});

/** identity's side: the current list, which the test changes. */
async function identity(list: Revocations) {
  bus = new MemoryBus();
  let asked = 0;
  await bus.reply(IDENTITY_REVOCATIONS_RPC, async () => {
    asked += 1;
    return list;
  });
  return { asked: () => asked };
}

const principal = (sessionId: string, membershipVersion = 0) => ({
  sessionId,
  userId: USER,
  membershipVersion,
});

describe('TokenRevocations', () => {
  it('reads the current list at start and takes broadcasts as they come', async () => {
    const until1 = Date.now() + 60_000;
    await identity({ sessions: [{ sid: SESSION, until: until1 }], users: [] });
    revocations = new TokenRevocations(bus);
    await revocations.start();
    expect(revocations.isRevoked(principal(SESSION))).toBe(true);
    expect(revocations.isRevoked(principal(OTHER_SESSION))).toBe(false);

    await bus.broadcast(IDENTITY_REVOCATIONS_LIVE, {
      sessions: [{ sid: OTHER_SESSION, until: until1 }],
      users: [],
    });
    expect(await until(() => revocations!.isRevoked(principal(OTHER_SESSION)))).toBe(true);
  });

  it('refuses tokens of an older membership version only, until they have all expired', async () => {
    let now = 1_000_000;
    await identity({ sessions: [], users: [{ userId: USER, ver: 5_000, until: now + 1_800_000 }] });
    revocations = new TokenRevocations(bus, { now: () => now });
    await revocations.start();
    expect(revocations.isRevoked(principal(SESSION, 4_999))).toBe(true);
    expect(revocations.isRevoked(principal(SESSION, 5_000))).toBe(false);
    // A later change wins; an earlier one broadcast late changes nothing.
    revocations.add({ sessions: [], users: [{ userId: USER, ver: 6_000, until: now + 1_800_000 }] });
    revocations.add({ sessions: [], users: [{ userId: USER, ver: 5_500, until: now + 1_800_000 }] });
    expect(revocations.isRevoked(principal(SESSION, 5_999))).toBe(true);
    expect(revocations.isRevoked(principal(SESSION, 6_000))).toBe(false);
    now += 1_800_001;
    expect(revocations.isRevoked(principal(SESSION, 1))).toBe(false);
  });

  it('keeps asking for the list while identity does not answer', async () => {
    bus = new MemoryBus();
    revocations = new TokenRevocations(bus);
    await revocations.start();
    let asked = 0;
    await bus.reply(IDENTITY_REVOCATIONS_RPC, async () => {
      asked += 1;
      return { sessions: [{ sid: SESSION, until: Date.now() + 60_000 }], users: [] };
    });
    expect(await until(() => asked > 0, 3_000)).toBe(true);
    expect(await until(() => revocations!.isRevoked(principal(SESSION)))).toBe(true);
  });

  it('makes the verifier refuse a revoked token at once, though it was verified and kept before', async () => {
    await identity({ sessions: [], users: [] });
    revocations = new TokenRevocations(bus);
    await revocations.start();
    const keys = await generateKeyPair('ES256', { extractable: true });
    const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'ES256' };
    const verifier = createTokenVerifier(
      { kind: 'local', keys: async () => ({ keys: [jwk] }) },
      { revocations },
    );
    const token = await new SignJWT({
      sid: SESSION,
      idp: 'portal',
      name: 'Test User',
      roles: [],
      hcs: {},
      apts: {},
      pcs: [],
      ver: 0,
    })
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .setSubject(USER)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('30m')
      .sign(keys.privateKey);
    expect((await verifier.verify(token)).sessionId).toBe(SESSION);
    await bus.broadcast(IDENTITY_REVOCATIONS_LIVE, {
      sessions: [{ sid: SESSION, until: Date.now() + 60_000 }],
      users: [],
    });
    await until(() => revocations!.isRevoked(principal(SESSION)));
    const refused = await verifier.verify(token).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'TOKEN_EXPIRED', status: 401 });
  });
});
