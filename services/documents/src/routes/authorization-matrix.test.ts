import { randomUUID } from 'node:crypto';
import { type SignedInPersonas, signInPersonas } from '@porta/identity/testing';
import { policyTableTests } from '@porta/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DocumentsTestApp, documentsTestApp, multipartFiles, pdf } from '../testing/index.js';

/**
 * The authorization matrix of the documents service: every route against every kind of caller,
 * with exactly the expected outcome — 401 for an anonymous caller, and through to the handler for
 * everyone signed in (every route's policy is "signed in"; the handler then decides by the
 * folders' rules, answering 404 for what the caller may not see). The download link's route is
 * public: its unguessable, short-lived id is the credential. A route added without a row here
 * fails the test. Then every route of a Linden Court folder and file is called by the people of
 * another housing company. docs/authorization.md is the readable form of this table.
 */

const PERSONAS = [
  'anonymous',
  'admin',
  'staff', // yitUser
  'manager', // propertyManager of Harbour View and Linden Court
  'othermanager', // propertyManager of Birch Hill only
  'board', // boardMember of Linden Court, owner of B 14
  'owner', // owner in Harbour View and Linden Court
  'tenant', // tenant of B 14
  'neighbour', // owner of C 1 in Birch Hill
  'partner', // partner role, user of a business partner serving no housing company
] as const;
type Persona = (typeof PERSONAS)[number];

const SIGNED_IN = PERSONAS.filter((p) => p !== 'anonymous');
const P = '/api/documents';

const MATRIX: Record<string, readonly Persona[]> = {
  [`GET ${P}/openapi.json`]: [...PERSONAS],
  [`GET ${P}/housing-companies/:housingCompanyId/folders`]: SIGNED_IN,
  [`POST ${P}/housing-companies/:housingCompanyId/folders`]: SIGNED_IN,
  [`PATCH ${P}/folders/:id`]: SIGNED_IN,
  [`PUT ${P}/folders/:id/rules`]: SIGNED_IN,
  [`DELETE ${P}/folders/:id`]: SIGNED_IN,
  [`GET ${P}/folders/:id/documents`]: SIGNED_IN,
  [`POST ${P}/folders/:id/documents`]: SIGNED_IN,
  [`GET ${P}/housing-companies/:housingCompanyId/documents/latest`]: SIGNED_IN,
  [`GET ${P}/documents/:id`]: SIGNED_IN,
  [`GET ${P}/documents/:id/file`]: SIGNED_IN,
  [`GET ${P}/documents/:id/thumbnails/:size`]: SIGNED_IN,
  [`PATCH ${P}/documents/:id`]: SIGNED_IN,
  [`DELETE ${P}/documents/:id`]: SIGNED_IN,
  [`DELETE ${P}/housing-companies/:housingCompanyId/batches/:batchId`]: SIGNED_IN,
  [`POST ${P}/housing-companies/:housingCompanyId/downloads`]: SIGNED_IN,
  [`POST ${P}/attachment-copies`]: SIGNED_IN,
  [`GET ${P}/housing-companies/:housingCompanyId/videos`]: SIGNED_IN,
  [`POST ${P}/housing-companies/:housingCompanyId/videos`]: SIGNED_IN,
  [`PUT ${P}/videos/:id`]: SIGNED_IN,
  [`DELETE ${P}/videos/:id`]: SIGNED_IN,
  // Public: the link is the credential.
  [`GET ${P}/downloads/:id`]: [...PERSONAS],
};

let t: DocumentsTestApp;
let personas: SignedInPersonas<Persona>;

beforeAll(async () => {
  t = await documentsTestApp();
  personas = await signInPersonas(t, PERSONAS);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const auth = (persona: Persona) => personas.headers(persona);

describe('documents authorization matrix', () => {
  policyTableTests({
    service: 'documents',
    matrix: MATRIX,
    check: () => ({
      app: t.app,
      personas: PERSONAS,
      anonymous: 'anonymous',
      headers: auth,
      fillPath: (url) =>
        url.replace(':size', 'medium').replace(/:id|:housingCompanyId|:batchId/g, () => randomUUID()),
      handlerRefusalPrefix: 'DOC_',
    }),
  });

  it("answers 404 on every route of a Linden Court folder, file and video to another housing company's people", async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: `${P}/housing-companies/${t.hc.lindenCourt}/folders`,
      headers: auth('manager'),
    });
    const folder = list
      .json<{ folders: { id: string; key: string }[] }>()
      .folders.find((f) => f.key === 'hc_common')!;
    const { payload, headers } = multipartFiles([
      { fileName: 'members-only.pdf', data: pdf('Members only') },
    ]);
    const up = await t.app.inject({
      method: 'POST',
      url: `${P}/folders/${folder.id}/documents`,
      payload,
      headers: { ...headers, ...auth('manager') },
    });
    expect(up.statusCode, up.body).toBe(201);
    const doc = up.json<{ uploadBatchId: string; documents: { id: string }[] }>();
    const id = doc.documents[0]!.id;
    const video = { title: 'Welcome', source: 'youtube', identifier: 'AbCdEfGhIj1' };
    const made = await t.app.inject({
      method: 'POST',
      url: `${P}/housing-companies/${t.hc.lindenCourt}/videos`,
      payload: video,
      headers: auth('manager'),
    });
    expect(made.statusCode, made.body).toBe(201);
    const videoId = made.json<{ id: string }>().id;
    const bodies: Record<string, unknown> = {
      [`POST ${P}/housing-companies/:housingCompanyId/folders`]: { name: 'x' },
      [`PATCH ${P}/folders/:id`]: { name: 'x' },
      [`PUT ${P}/folders/:id/rules`]: { rules: null },
      [`PATCH ${P}/documents/:id`]: { name: 'x' },
      [`POST ${P}/housing-companies/:housingCompanyId/downloads`]: { ids: [id] },
      [`POST ${P}/housing-companies/:housingCompanyId/videos`]: { ...video, identifier: 'AbCdEfGhIj2' },
      [`PUT ${P}/videos/:id`]: { ...video, title: 'x' },
    };
    const wrong: string[] = [];
    for (const persona of ['neighbour', 'othermanager', 'partner'] as const) {
      for (const route of Object.keys(MATRIX).filter(
        (r) => r.includes(':') && !r.includes('/downloads/:id'),
      )) {
        const [method, path] = route.split(' ') as [string, string];
        const url = path
          .replace(':housingCompanyId', t.hc.lindenCourt)
          .replace(':batchId', doc.uploadBatchId)
          .replace(':size', 'medium')
          .replace(
            ':id',
            path.startsWith(`${P}/folders`) ? folder.id : path.startsWith(`${P}/videos`) ? videoId : id,
          );
        const body = bodies[route];
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          headers: auth(persona),
          ...(body ? { payload: body as Record<string, unknown> } : {}),
        });
        if (res.statusCode !== 404 || res.body.includes('Members only')) {
          wrong.push(`${route} as ${persona}: ${res.statusCode}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
