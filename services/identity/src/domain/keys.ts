import { randomUUID } from 'node:crypto';
import type { Database, Db } from '@porta/service-kit';
import { desc, isNull } from 'drizzle-orm';
import { type CryptoKey, exportJWK, generateKeyPair, importJWK, type JSONWebKeySet, type JWK } from 'jose';
import type * as schema from '../db/schema.js';
import { signingKeys } from '../db/schema.js';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
}

/**
 * Token-signing keys (ES256) kept in identity's schema, so every identity process signs with the
 * same key and every service verifies through the published JWKS. The first start creates one.
 */
export class KeyStore {
  private current: Promise<SigningKey> | null = null;
  private jwksCache: { at: number; value: JSONWebKeySet } | null = null;

  constructor(
    private readonly database: Database,
    private readonly db: Db<typeof schema>,
  ) {}

  signingKey(): Promise<SigningKey> {
    this.current ??= this.loadOrCreate().catch((err: unknown) => {
      this.current = null;
      throw err;
    });
    return this.current;
  }

  /** Public keys of every unretired key. Cached for a minute. */
  async jwks(): Promise<JSONWebKeySet> {
    if (this.jwksCache && Date.now() - this.jwksCache.at < 60_000) return this.jwksCache.value;
    await this.signingKey();
    const rows = await this.db
      .select({ publicJwk: signingKeys.publicJwk })
      .from(signingKeys)
      .where(isNull(signingKeys.retiredAt));
    const value = { keys: rows.map((r) => r.publicJwk as JWK) };
    this.jwksCache = { at: Date.now(), value };
    return value;
  }

  private async loadOrCreate(): Promise<SigningKey> {
    const existing = await this.newest();
    if (existing) return existing;
    return this.database.withAdvisoryLock('porta:identity:signing-key', async () => {
      const again = await this.newest();
      if (again) return again;
      const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
      const kid = randomUUID();
      const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' };
      const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'ES256' };
      await this.db.insert(signingKeys).values({ kid, privateJwk, publicJwk });
      return { kid, privateKey: privateKey as CryptoKey };
    });
  }

  private async newest(): Promise<SigningKey | null> {
    const [row] = await this.db
      .select()
      .from(signingKeys)
      .where(isNull(signingKeys.retiredAt))
      .orderBy(desc(signingKeys.createdAt))
      .limit(1);
    if (!row) return null;
    const privateKey = (await importJWK(row.privateJwk as JWK, 'ES256')) as CryptoKey;
    return { kid: row.kid, privateKey };
  }
}
