import { zAccessTokenClaims } from '@porta/contracts';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  type JSONWebKeySet,
  type JWTVerifyGetKey,
  errors as joseErrors,
  jwtVerify,
} from 'jose';
import { AppError } from '../errors.js';
import { Principal } from './principal.js';
import type { TokenRevocations } from './revocations.js';

export const TOKEN_ISSUER = 'porta-identity';
export const TOKEN_AUDIENCE = 'porta';

/** Where the public keys come from: identity in the same process, or identity's JWKS address. */
export type KeySource =
  | { kind: 'local'; keys: () => Promise<JSONWebKeySet> }
  | { kind: 'remote'; url: string };

export interface TokenVerifier {
  verify(token: string): Promise<Principal>;
}

/**
 * Verifies Porta access tokens: signature against identity's JWKS, issuer, audience, expiry and the
 * claim shape. Expired tokens answer TOKEN_EXPIRED, anything else UNAUTHENTICATED.
 */
export function createTokenVerifier(
  source: KeySource,
  options: {
    cacheSize?: number;
    /** Sessions and memberships identity revoked: their tokens are refused before they expire. */
    revocations?: Pick<TokenRevocations, 'isRevoked'>;
  } = {},
): TokenVerifier {
  const revocations = options.revocations;
  // A revoked token answers as an expired one: the browser refreshes it, which gives the new roles,
  // or ends in the session-expired modal when the session itself has ended.
  const checked = (principal: Principal): Principal => {
    if (revocations?.isRevoked(principal)) {
      throw new AppError('TOKEN_EXPIRED', { detail: 'The session has ended or its roles have changed.' });
    }
    return principal;
  };
  const cache = new VerifiedTokenCache(options.cacheSize ?? 10_000);
  let getKey: JWTVerifyGetKey;
  if (source.kind === 'remote') {
    getKey = createRemoteJWKSet(new URL(source.url), { cooldownDuration: 30_000, cacheMaxAge: 600_000 });
  } else {
    let local: { kids: Set<string>; get: JWTVerifyGetKey } | null = null;
    const load = async () => {
      const jwks = await source.keys();
      local = { kids: new Set(jwks.keys.map((k) => k.kid ?? '')), get: createLocalJWKSet(jwks) };
      return local;
    };
    getKey = async (header, token) => {
      let set = local ?? (await load());
      // A key we have not seen: identity may have rotated; reload once.
      if (header.kid && !set.kids.has(header.kid)) set = await load();
      return set.get(header, token);
    };
  }
  return {
    async verify(token) {
      const cached = cache.get(token);
      if (cached) return checked(cached);
      try {
        const { payload } = await jwtVerify(token, getKey, {
          issuer: TOKEN_ISSUER,
          audience: TOKEN_AUDIENCE,
          algorithms: ['ES256'],
        });
        const claims = zAccessTokenClaims.safeParse(payload);
        if (!claims.success) throw new AppError('UNAUTHENTICATED', { detail: 'Malformed access token.' });
        const principal = new Principal(claims.data);
        cache.set(token, principal, claims.data.exp * 1000);
        return checked(principal);
      } catch (err) {
        if (err instanceof AppError) throw err;
        if (err instanceof joseErrors.JWTExpired) throw new AppError('TOKEN_EXPIRED', { cause: err });
        if (err instanceof joseErrors.JOSEError) throw new AppError('UNAUTHENTICATED', { cause: err });
        throw new AppError('UNAVAILABLE', { cause: err });
      }
    },
  };
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9\-_]+\.[A-Za-z0-9\-_]+\.[A-Za-z0-9\-_]+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

/**
 * Tokens already verified, until they expire: a token cannot change, so its signature need not be
 * checked on every request. Bounded; the oldest entries go first.
 */
class VerifiedTokenCache {
  private readonly entries = new Map<string, { principal: Principal; expiresAt: number }>();

  constructor(private readonly size: number) {}

  get(token: string): Principal | null {
    const entry = this.entries.get(token);
    if (!entry) return null;
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(token);
      return null;
    }
    return entry.principal;
  }

  set(token: string, principal: Principal, expiresAt: number) {
    if (this.size <= 0) return;
    if (this.entries.size >= this.size) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(token, { principal, expiresAt });
  }
}
