import { describe, expect, it } from 'vitest';
import { ManageLinks } from './manage-links.js';

const REQUEST = '0193a4b2-0000-7000-8000-000000000001';
const USER = '0193a4b2-0000-4000-8000-0000000000aa';
const NOW = new Date('2026-11-24T12:00:00Z');

describe('manage links', () => {
  it('signs in development and test with the stable default, for MANAGE_LINK_DAYS', () => {
    const links = new ManageLinks({ NODE_ENV: 'test', MANAGE_LINK_DAYS: 3 });
    const url = links.urlsFor(REQUEST, [USER], NOW)![USER]!;
    const token = url.split('/').pop()!;
    expect(url).toBe(`/service-requests/manage/${REQUEST}/${USER}/${token}`);
    expect(Number(token.split('.')[0])).toBe(NOW.getTime() / 1000 + 3 * 86_400);
    // Another process of the same kind (a restart) accepts it.
    const restarted = new ManageLinks({ NODE_ENV: 'development', MANAGE_LINK_DAYS: 14 });
    expect(restarted.accepts(REQUEST, USER, token, NOW)).toBe(true);
    expect(restarted.accepts(REQUEST, USER, token, new Date(NOW.getTime() + 3 * 86_400_000))).toBe(false);
  });

  it('refuses to start in production without MANAGE_LINK_SECRET', () => {
    expect(() => new ManageLinks({ NODE_ENV: 'production', MANAGE_LINK_DAYS: 14 })).toThrow(
      'MANAGE_LINK_SECRET must be set in production',
    );
  });

  it("uses MANAGE_LINK_SECRET when set, and refuses the development default's links", () => {
    const secret = 'a-production-secret-of-at-least-32-chars';
    const production = new ManageLinks({
      NODE_ENV: 'production',
      MANAGE_LINK_SECRET: secret,
      MANAGE_LINK_DAYS: 14,
    });
    const dev = new ManageLinks({ NODE_ENV: 'test', MANAGE_LINK_DAYS: 14 });
    const later = new Date(NOW.getTime() + 86_400_000);
    expect(production.accepts(REQUEST, USER, production.token(REQUEST, USER, later), NOW)).toBe(true);
    expect(production.accepts(REQUEST, USER, dev.token(REQUEST, USER, later), NOW)).toBe(false);
  });
});
