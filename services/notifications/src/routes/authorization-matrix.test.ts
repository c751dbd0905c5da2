import { type SignedInPersonas, signInPersonas } from '@porta/identity/testing';
import { policyTableTests } from '@porta/service-kit/testing';
import { afterAll, beforeAll, describe } from 'vitest';
import { type NotificationsTestApp, notificationsTestApp } from '../testing/index.js';

/**
 * The authorization matrix of the notifications service: every route against every kind of
 * caller — 401 without a token, 403 where the policy refuses, through to the handler otherwise.
 * A route added without a row fails the test. docs/authorization.md is its readable form.
 */

const PERSONAS = [
  'anonymous',
  'admin',
  'staff', // yitUser
  'bizadmin', // yitBusinessAdmin
  'manager', // propertyManager of Harbour View and Linden Court
  'board', // boardMember of Linden Court
  'owner',
  'tenant',
  'partner', // partner role
  'consumption', // consumptionManager only
] as const;
type Persona = (typeof PERSONAS)[number];

const SIGNED_IN = PERSONAS.filter((p) => p !== 'anonymous');

const ALLOWED = {
  public: [...PERSONAS],
  signedIn: SIGNED_IN,
  notPartner: SIGNED_IN.filter((p) => p !== 'partner'),
  // User managers: global (admin, bizadmin) or of a housing company (manager, board).
  settingsStaff: ['admin', 'bizadmin', 'manager', 'board'] as Persona[],
};

const MATRIX: Record<string, readonly Persona[]> = {
  'GET /api/notifications/openapi.json': ALLOWED.public,
  'GET /api/notifications/inbox': ALLOWED.signedIn,
  'POST /api/notifications/inbox/:id/read': ALLOWED.signedIn,
  'POST /api/notifications/inbox/read': ALLOWED.signedIn,
  'POST /api/notifications/inbox/read-all': ALLOWED.signedIn,
  'GET /api/notifications/stream': ALLOWED.signedIn,
  'GET /api/notifications/settings': ALLOWED.notPartner,
  'PUT /api/notifications/settings': ALLOWED.notPartner,
  'GET /api/notifications/admin/users/:id/settings': ALLOWED.settingsStaff,
  'PUT /api/notifications/admin/users/:id/settings': ALLOWED.settingsStaff,
};

let t: NotificationsTestApp;
let personas: SignedInPersonas<Persona>;

beforeAll(async () => {
  // Streams end after a second, so that each caller's answer completes.
  t = await notificationsTestApp({ LIVE_STREAM_MAX_SECONDS: '1' });
  personas = await signInPersonas(t, PERSONAS);
}, 120_000);
afterAll(() => t?.close());

describe('notifications authorization matrix', () => {
  policyTableTests({
    service: 'notifications',
    matrix: MATRIX,
    check: () => ({
      app: t.app,
      personas: PERSONAS,
      anonymous: 'anonymous',
      headers: personas.headers,
      fillPath: (url) => url.replace(':id', '00000000-0000-4000-8000-000000000000'),
    }),
  });
});
