import { describe, expect, it } from 'vitest';
import { LINK_SECRET_MIN_CHARS, LinkSigner, linkSecret } from './signed-links.js';

const SECRET = 'a-test-secret-of-at-least-32-characters';
const PURPOSE = 'service-request-manage';
const PARTS = ['0193a4b2-0000-7000-8000-000000000001', '0193a4b2-0000-4000-8000-0000000000aa'] as const;
const NOW = new Date('2026-11-24T12:00:00Z');
const LATER = new Date('2026-12-08T12:00:00Z');

const signer = new LinkSigner(SECRET);
const token = signer.sign(PURPOSE, PARTS, LATER);

/** The token with one character of its mac changed (each position tried in turn by the caller). */
function flip(t: string, at: number): string {
  const chars = [...t];
  chars[at] = chars[at] === 'A' ? 'B' : 'A';
  return chars.join('');
}

describe('signed links', () => {
  it('gives <expiry>.<base64url mac> and accepts it for the same purpose and parts before it expires', () => {
    expect(token).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    expect(token.split('.')[0]).toBe(String(LATER.getTime() / 1000));
    expect(signer.verify(PURPOSE, PARTS, token, NOW)).toBe(true);
    // Another signer with the same secret (another process) accepts it too.
    expect(new LinkSigner(SECRET).verify(PURPOSE, PARTS, token, NOW)).toBe(true);
  });

  it('refuses a tampered mac, at any of its characters (the last one included)', () => {
    const macStart = token.indexOf('.') + 1;
    for (let at = macStart; at < token.length; at++) {
      expect(signer.verify(PURPOSE, PARTS, flip(token, at), NOW), `character ${at}`).toBe(false);
    }
  });

  it('refuses a moved expiry', () => {
    const [, mac] = token.split('.');
    const later = `${LATER.getTime() / 1000 + 86_400}.${mac}`;
    expect(signer.verify(PURPOSE, PARTS, later, NOW)).toBe(false);
  });

  it('refuses the token for another thing, another user or another purpose', () => {
    expect(signer.verify(PURPOSE, ['0193a4b2-0000-7000-8000-000000000002', PARTS[1]], token, NOW)).toBe(
      false,
    );
    expect(signer.verify(PURPOSE, [PARTS[0], '0193a4b2-0000-4000-8000-0000000000bb'], token, NOW)).toBe(
      false,
    );
    expect(signer.verify(PURPOSE, [PARTS[1], PARTS[0]], token, NOW)).toBe(false);
    expect(signer.verify(PURPOSE, [PARTS[0]], token, NOW)).toBe(false);
    expect(signer.verify('email-change', PARTS, token, NOW)).toBe(false);
  });

  it('keeps the parts apart: moving text between them gives another token', () => {
    const a = signer.sign(PURPOSE, ['ab', 'c'], LATER);
    expect(signer.verify(PURPOSE, ['a', 'bc'], a, NOW)).toBe(false);
  });

  it('refuses a token of another secret', () => {
    const other = new LinkSigner('another-secret-of-at-least-32-characters');
    expect(other.verify(PURPOSE, PARTS, token, NOW)).toBe(false);
  });

  it('refuses an expired token: at its expiry and after', () => {
    expect(signer.verify(PURPOSE, PARTS, token, new Date(LATER.getTime() - 1000))).toBe(true);
    expect(signer.verify(PURPOSE, PARTS, token, LATER)).toBe(false);
    expect(signer.verify(PURPOSE, PARTS, token, new Date(LATER.getTime() + 1000))).toBe(false);
    const past = signer.sign(PURPOSE, PARTS, new Date(NOW.getTime() - 60_000));
    expect(signer.verify(PURPOSE, PARTS, past, NOW)).toBe(false);
  });

  it('refuses malformed tokens', () => {
    const [expiry, mac] = token.split('.') as [string, string];
    for (const bad of [
      '',
      'x',
      expiry,
      mac,
      `${expiry}.`,
      `.${mac}`,
      `${expiry}.${mac}=`,
      `${expiry}.${mac.slice(1)}`,
      `${expiry}.${mac}A`,
      `-${expiry}.${mac}`,
      `${expiry}.5.${mac}`,
      `${expiry}.${mac.replace(/.$/, '+')}`,
      `${expiry} .${mac}`,
      `1e10.${mac}`,
    ]) {
      expect(signer.verify(PURPOSE, PARTS, bad, NOW), JSON.stringify(bad)).toBe(false);
    }
  });

  it('takes no short secret', () => {
    expect(() => new LinkSigner('x'.repeat(LINK_SECRET_MIN_CHARS - 1))).toThrow(/at least 32/);
  });
});

describe('link secrets', () => {
  it('uses the setting when it is set', () => {
    expect(linkSecret({ NODE_ENV: 'production' }, 'MANAGE_LINK_SECRET', SECRET)).toBe(SECRET);
    expect(linkSecret({ NODE_ENV: 'test' }, 'MANAGE_LINK_SECRET', SECRET)).toBe(SECRET);
  });

  it('refuses production without the setting', () => {
    expect(() => linkSecret({ NODE_ENV: 'production' }, 'MANAGE_LINK_SECRET', undefined)).toThrow(
      'MANAGE_LINK_SECRET must be set in production',
    );
  });

  it('derives a stable default per setting in development and test', () => {
    const dev = linkSecret({ NODE_ENV: 'development' }, 'MANAGE_LINK_SECRET', undefined);
    expect(dev).toMatch(/^[0-9a-f]{64}$/);
    expect(linkSecret({ NODE_ENV: 'test' }, 'MANAGE_LINK_SECRET', undefined)).toBe(dev);
    expect(linkSecret({ NODE_ENV: 'development' }, 'OTHER_LINK_SECRET', undefined)).not.toBe(dev);
  });
});
