import type { AudienceSummary, Letter, LetterRecipient, MeResponse, SendProgress } from '@porta/contracts';
import { type Handler, housingCompany, json, listOf, meOf, mockFetch } from '../../testing/fetch-mock';

/** The letters screens' tests: a housing company, its letters and the letters API around them. */

export const LETTERS = '/api/letters';
export const linden = housingCompany(1, { name: 'Linden Court' });
export const aspen = housingCompany(2, { name: 'Aspen Yard' });

/** The first query of a test waits longer: the whole app starts before the page shows. */
export const STARTUP = { timeout: 30_000 };

export const uuid = (n: number) => `0195f0a0-0000-7000-8000-${String(n).padStart(12, '0')}`;

export function letter(n: number, overrides: Partial<Letter> = {}): Letter {
  return {
    id: uuid(100 + n),
    housingCompanyId: linden.id,
    title: `Letter ${n}`,
    preheader: '',
    template: 'blank',
    content: '<p>Hello</p>',
    signatureId: null,
    linkedContent: null,
    roleGroups: [],
    status: 'draft',
    recipientCount: 0,
    createdBy: uuid(900),
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-02T10:00:00.000Z',
    sentAt: null,
    copiedFrom: null,
    ...overrides,
  };
}

export function recipient(n: number, overrides: Partial<LetterRecipient> = {}): LetterRecipient {
  return {
    id: uuid(300 + n),
    name: `Person ${n}`,
    email: `person${n}@example.fi`,
    source: 'manual',
    createdAt: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}

export const audience = (overrides: Partial<AudienceSummary> = {}): AudienceSummary => ({
  total: 3,
  bySource: { named: 1, residents: 2 },
  languages: ['fi', 'sv'],
  optedOut: [],
  optedOutCount: 0,
  ...overrides,
});

export const progressOf = (
  status: SendProgress['status'],
  counts: Partial<SendProgress['counts']>,
  total = 4,
): SendProgress => ({
  status,
  total,
  counts: { queued: 0, sent: 0, delivered: 0, failed: 0, skipped: 0, ...counts },
  sentAt: status === 'sent' ? '2026-03-03T10:00:00.000Z' : null,
});

/** A problem answer with a detail (the CSV's or the test address's reason). */
export function problemWith(status: number, code: string, title: string, detail?: string): Response {
  return new Response(
    JSON.stringify({ type: 'about:blank', title, status, code, ...(detail ? { detail } : {}) }),
    {
      status,
      headers: { 'content-type': 'application/problem+json' },
    },
  );
}

export const noContent = () => new Response(null, { status: 204 });

/** The routes of one letter, answered from its value (GET /letters/:id, the audience, recipients, preview). */
export function letterRoutes(value: Letter, routes: Record<string, Handler> = {}): Record<string, Handler> {
  const base = `${LETTERS}/letters/${value.id}`;
  return {
    [`GET ${base}`]: () => json(value),
    [`GET ${base}/audience`]: () => json(audience()),
    [`GET ${base}/recipients`]: () => json({ items: [], total: 0 }),
    [`GET ${base}/preview`]: (request) =>
      json({
        language: request.query.get('language') ?? 'fi',
        subject: `${value.title} (${request.query.get('language') ?? 'fi'})`,
        html: `<html><body><p>${value.title}</p></body></html>`,
        text: `${value.title}\n\nPlain words`,
      }),
    ...routes,
  };
}

/** The identity and letters routes the screens call. */
export function lettersApi({
  me = meOf(['yitUser']),
  routes = {},
}: {
  me?: MeResponse;
  routes?: Record<string, Handler>;
} = {}) {
  return mockFetch({
    'GET /api/identity/me': () => json(me),
    'GET /api/identity/me/signatures': () =>
      json([
        {
          id: uuid(700),
          name: 'Anna, property manager',
          content: 'Anna Admin',
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-01T00:00:00.000Z',
        },
      ]),
    'GET /api/identity/admin/housing-companies': () => listOf('housing-companies', [linden, aspen]),
    [`GET /api/identity/admin/housing-companies/${linden.id}`]: () => json(linden),
    [`GET ${LETTERS}/housing-companies/${linden.id}/letters`]: () => json({ items: [], total: 0 }),
    ...routes,
  });
}
