import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { BaseConfig } from '../config.js';

/** The shortest secret a LinkSigner takes. */
export const LINK_SECRET_MIN_CHARS = 32;

/** `<expiry in unix seconds>.<HMAC-SHA256 in base64url>` (43 characters: 32 bytes, unpadded). */
const TOKEN = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/**
 * Signed links: a token that lets whoever holds the link do one kind of thing (the purpose) to one
 * thing (the parts: e.g. a request id and a user id) until it expires, without signing in. The
 * token is `<expiry>.<mac>`: the expiry in unix seconds and the base64url HMAC-SHA256, under the
 * service's secret, of the purpose, the parts and the expiry. Nothing is stored: a token is
 * refused when its mac is not the one of these purpose, parts and expiry (tampered, another
 * purpose, another thing), when it has expired or when it is malformed, all alike. A single link
 * cannot be revoked; the service checks what it still allows (and a new secret voids them all).
 */
export class LinkSigner {
  private readonly key: Buffer;

  constructor(secret: string) {
    if (secret.length < LINK_SECRET_MIN_CHARS) {
      throw new Error(`a link secret needs at least ${LINK_SECRET_MIN_CHARS} characters`);
    }
    this.key = Buffer.from(secret);
  }

  /** The token of the purpose and parts, valid until expiresAt (to the second, rounded down). */
  sign(purpose: string, parts: readonly string[], expiresAt: Date): string {
    const expiry = Math.floor(expiresAt.getTime() / 1000);
    return `${expiry}.${this.mac(purpose, parts, expiry)}`;
  }

  /** Is the token one this signer gave for the purpose and parts, and not expired at now? */
  verify(purpose: string, parts: readonly string[], token: string, now: Date = new Date()): boolean {
    const match = TOKEN.exec(token);
    if (!match) return false;
    const expiry = Number(match[1]);
    // Compared as text: base64url's last character carries spare bits that decoding would drop.
    const expected = Buffer.from(this.mac(purpose, parts, expiry));
    const given = Buffer.from(match[2]!);
    const authentic = given.length === expected.length && timingSafeEqual(given, expected);
    return authentic && expiry * 1000 > now.getTime();
  }

  private mac(purpose: string, parts: readonly string[], expiry: number): string {
    // A JSON array keeps the fields apart whatever they contain.
    return createHmac('sha256', this.key)
      .update(JSON.stringify([purpose, ...parts, expiry]))
      .digest('base64url');
  }
}

/**
 * The secret of one kind of signed link: the setting when it is set. Production refuses to start
 * without it (a secret everyone knows would let anyone forge links); development and test use a
 * stable one derived from the setting's name: the same on every start and every machine, so links
 * keep working across restarts.
 */
export function linkSecret(
  config: Pick<BaseConfig, 'NODE_ENV'>,
  key: string,
  value: string | undefined,
): string {
  if (value) return value;
  if (config.NODE_ENV === 'production') {
    throw new Error(`${key} must be set in production (at least ${LINK_SECRET_MIN_CHARS} characters)`);
  }
  return createHash('sha256').update(`porta-development-link-secret:${key}`).digest('hex');
}
