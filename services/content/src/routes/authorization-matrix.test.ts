import { randomUUID } from 'node:crypto';
import {
  PERSONAS,
  type Persona,
  pathFiller,
  type SignedInPersonas,
  signInPersonas,
} from '@porta/identity/testing';
import { policyTableTests } from '@porta/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentTestApp, contentTestApp, multipartFile, pngImage } from '../testing/index.js';

/**
 * The authorization matrix of the content service: every route against every kind of caller,
 * with exactly the expected outcome — 401 for an anonymous caller on a non-public route, 403 for
 * a signed-in caller the route's policy refuses, and through to the handler otherwise (then a
 * 400 for the empty body, a 404 for the made-up id, or a 2xx). A route added without a row here
 * fails the test. docs/authorization.md is the readable form of this table.
 */

const SIGNED_IN = PERSONAS.filter((p) => p !== 'anonymous');
const everyone = [...PERSONAS];
const only = (...p: Persona[]) => p;

/** Who gets through each policy (see src/policies.ts). */
const ALLOWED = {
  public: everyone,
  signedIn: SIGNED_IN,
  staffArea: only(
    'admin',
    'staff',
    'bizadmin',
    'marketing',
    'project',
    'manager',
    'othermanager',
    'board',
    'publisher',
    'partner',
  ),
  editorialWrite: only(
    'admin',
    'staff',
    'bizadmin',
    'marketing',
    'project',
    'manager',
    'othermanager',
    'board',
    'publisher',
  ),
  contactsRead: only('admin', 'staff', 'bizadmin', 'marketing', 'project', 'manager', 'othermanager'),
  contactsWrite: only('admin', 'staff', 'bizadmin', 'marketing', 'project', 'manager', 'othermanager'),
  campaignsRead: only('admin', 'staff', 'bizadmin', 'marketing', 'project', 'partner'),
  campaignsWrite: only('admin', 'staff', 'bizadmin', 'marketing', 'project', 'partner'),
  yitUser: only('admin', 'staff', 'bizadmin', 'marketing', 'project'),
  stepsWrite: only('admin', 'bizadmin', 'project', 'marketing'),
  siteContentWrite: only('admin', 'bizadmin', 'marketing'),
  housingCompanyImageWrite: only('admin', 'bizadmin', 'project'),
} satisfies Record<string, readonly Persona[]>;

const MATRIX: Record<string, readonly Persona[]> = {
  'DELETE /api/content/admin/articles/:id': ALLOWED.editorialWrite,
  'DELETE /api/content/admin/calendar-entries/:id': ALLOWED.editorialWrite,
  'DELETE /api/content/admin/campaigns/:id': ALLOWED.campaignsWrite,
  'DELETE /api/content/admin/contacts/:id': ALLOWED.contactsWrite,
  'DELETE /api/content/admin/faqs/:id': ALLOWED.siteContentWrite,
  'DELETE /api/content/admin/housing-companies/:id/image': ALLOWED.housingCompanyImageWrite,
  'DELETE /api/content/admin/housing-companies/:id/apartment-images/:imageId':
    ALLOWED.housingCompanyImageWrite,
  'DELETE /api/content/admin/feeds/:id': ALLOWED.siteContentWrite,
  'DELETE /api/content/admin/pages/:id': ALLOWED.siteContentWrite,
  'DELETE /api/content/admin/shop-partners/:id': ALLOWED.siteContentWrite,
  'DELETE /api/content/admin/steps/:id': ALLOWED.stepsWrite,
  'GET /api/content/admin/advertisements/:id/preview': ALLOWED.campaignsRead,
  'GET /api/content/admin/articles': ALLOWED.staffArea,
  'GET /api/content/admin/articles/:id': ALLOWED.staffArea,
  'GET /api/content/admin/articles/:id/preview': ALLOWED.staffArea,
  'GET /api/content/admin/calendar-entries': ALLOWED.staffArea,
  'GET /api/content/admin/calendar-entries/:id': ALLOWED.staffArea,
  'GET /api/content/admin/calendar-entries/:id/preview': ALLOWED.staffArea,
  'GET /api/content/admin/campaigns': ALLOWED.campaignsRead,
  'GET /api/content/admin/campaigns/:id': ALLOWED.campaignsRead,
  'GET /api/content/admin/contacts': ALLOWED.contactsRead,
  'GET /api/content/admin/contacts/:id': ALLOWED.contactsRead,
  'GET /api/content/admin/faqs': ALLOWED.staffArea,
  'GET /api/content/admin/faqs/:id': ALLOWED.staffArea,
  'GET /api/content/admin/feedback': ALLOWED.yitUser,
  'GET /api/content/admin/feedback/:id': ALLOWED.yitUser,
  'GET /api/content/admin/feedback/export': ALLOWED.yitUser,
  'GET /api/content/admin/feeds': ALLOWED.yitUser,
  'GET /api/content/admin/feeds/:id': ALLOWED.yitUser,
  'GET /api/content/admin/housing-companies/:id/image': ALLOWED.staffArea,
  'GET /api/content/admin/housing-companies/:id/apartment-images': ALLOWED.staffArea,
  'GET /api/content/admin/pages': ALLOWED.staffArea,
  'GET /api/content/admin/pages/:id': ALLOWED.staffArea,
  'GET /api/content/admin/shop-partners': ALLOWED.campaignsRead,
  'GET /api/content/admin/shop-partners/:id': ALLOWED.campaignsRead,
  'GET /api/content/admin/steps': ALLOWED.staffArea,
  'GET /api/content/admin/steps/:id': ALLOWED.staffArea,
  'GET /api/content/assets/:id': ALLOWED.public,
  'GET /api/content/calendar': ALLOWED.signedIn,
  'GET /api/content/calendar/:id': ALLOWED.signedIn,
  'GET /api/content/campaigns': ALLOWED.signedIn,
  'GET /api/content/campaigns/:id': ALLOWED.signedIn,
  'GET /api/content/contacts': ALLOWED.signedIn,
  'GET /api/content/contacts/main': ALLOWED.signedIn,
  'GET /api/content/faq': ALLOWED.signedIn,
  'GET /api/content/faq/:id': ALLOWED.signedIn,
  'GET /api/content/feeds/corporate': ALLOWED.signedIn,
  'GET /api/content/feeds/corporate/:id': ALLOWED.signedIn,
  'GET /api/content/feeds/recommended': ALLOWED.signedIn,
  'GET /api/content/feeds/recommended/:id': ALLOWED.signedIn,
  'GET /api/content/help': ALLOWED.staffArea,
  'GET /api/content/help/:id': ALLOWED.staffArea,
  'GET /api/content/housing-companies/:id/image': ALLOWED.signedIn,
  'GET /api/content/apartments/:apartmentId/images': ALLOWED.signedIn,
  'GET /api/content/news': ALLOWED.signedIn,
  'GET /api/content/news/:id': ALLOWED.signedIn,
  'GET /api/content/openapi.json': ALLOWED.public,
  'GET /api/content/pages': ALLOWED.public,
  'GET /api/content/shop-partners': ALLOWED.signedIn,
  'GET /api/content/shop-partners/:id': ALLOWED.signedIn,
  'GET /api/content/steps': ALLOWED.signedIn,
  'GET /api/content/steps/:id': ALLOWED.signedIn,
  'GET /api/content/timeline': ALLOWED.signedIn,
  'POST /api/content/admin/advertisements': ALLOWED.campaignsWrite,
  'POST /api/content/admin/advertisements/:id/publish': ALLOWED.campaignsWrite,
  'POST /api/content/admin/articles': ALLOWED.editorialWrite,
  'POST /api/content/admin/articles/:id/cancel-schedule': ALLOWED.editorialWrite,
  'POST /api/content/admin/articles/:id/publish': ALLOWED.editorialWrite,
  'POST /api/content/admin/articles/:id/unpublish': ALLOWED.editorialWrite,
  'POST /api/content/admin/assets': ALLOWED.staffArea,
  'POST /api/content/admin/calendar-entries': ALLOWED.editorialWrite,
  'POST /api/content/admin/calendar-entries/:id/cancel-schedule': ALLOWED.editorialWrite,
  'POST /api/content/admin/calendar-entries/:id/publish': ALLOWED.editorialWrite,
  'POST /api/content/admin/calendar-entries/:id/unpublish': ALLOWED.editorialWrite,
  'POST /api/content/admin/campaigns': ALLOWED.campaignsWrite,
  'POST /api/content/admin/contacts': ALLOWED.contactsWrite,
  'POST /api/content/admin/copy/:entity': ALLOWED.staffArea,
  'POST /api/content/admin/faqs': ALLOWED.siteContentWrite,
  'POST /api/content/admin/feeds': ALLOWED.siteContentWrite,
  'POST /api/content/admin/feeds/:id/fetch': ALLOWED.siteContentWrite,
  'POST /api/content/admin/housing-companies/:id/apartment-images': ALLOWED.housingCompanyImageWrite,
  'POST /api/content/admin/pages': ALLOWED.siteContentWrite,
  'POST /api/content/admin/shop-partners': ALLOWED.siteContentWrite,
  'POST /api/content/admin/steps': ALLOWED.stepsWrite,
  'POST /api/content/feedback': ALLOWED.signedIn,
  'PUT /api/content/admin/advertisements/:id': ALLOWED.campaignsWrite,
  'PUT /api/content/admin/articles/:id': ALLOWED.editorialWrite,
  'PUT /api/content/admin/calendar-entries/:id': ALLOWED.editorialWrite,
  'PUT /api/content/admin/campaigns/:id': ALLOWED.campaignsWrite,
  'PUT /api/content/admin/contacts/:id': ALLOWED.contactsWrite,
  'PUT /api/content/admin/faqs/:id': ALLOWED.siteContentWrite,
  'PUT /api/content/admin/feeds/:id': ALLOWED.siteContentWrite,
  'PUT /api/content/admin/housing-companies/:id/image': ALLOWED.housingCompanyImageWrite,
  'PUT /api/content/admin/pages/:id': ALLOWED.siteContentWrite,
  'PUT /api/content/admin/shop-partners/:id': ALLOWED.siteContentWrite,
  'PUT /api/content/admin/steps/:id': ALLOWED.stepsWrite,
};

/** Placeholder values for path parameters: well-formed, pointing at nothing. */
const PARAMS: Record<string, () => string> = {
  id: randomUUID,
  entity: () => 'articles',
  apartmentId: randomUUID,
  imageId: randomUUID,
};

const fillPath = pathFiller(PARAMS);

let t: ContentTestApp;
let personas: SignedInPersonas<Persona>;

beforeAll(async () => {
  t = await contentTestApp();
  personas = await signInPersonas(t, PERSONAS);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const auth = (persona: Persona) => personas.headers(persona);

describe('content authorization matrix', () => {
  policyTableTests({
    service: 'content',
    matrix: MATRIX,
    check: () => ({
      app: t.app,
      personas: PERSONAS,
      anonymous: 'anonymous',
      headers: auth,
      fillPath: fillPath,
      handlerRefusalPrefix: 'CNT_',
    }),
  });
});

/**
 * Past the policy, the objects each caller reaches (docs/authorization.md, Content): who reads
 * each object by id and finds it in the staff list (200), everyone else the same 404 as for an id
 * that does not exist. Personas the route's policy refuses are the table above's.
 */
const STAFF_READERS = only('admin', 'staff', 'bizadmin', 'marketing', 'project');
const REACH = {
  /** A FAQ draft for Birch Hill: the developer's staff and Birch Hill's staff-app roles. */
  birchHillFaq: [...STAFF_READERS, 'othermanager'],
  /** A FAQ draft for Linden Court: also Linden Court's manager, board member and publisher. */
  lindenCourtFaq: [...STAFF_READERS, 'manager', 'board', 'publisher'],
  /** A help entry draft (help entries name no housing company): the developer's staff. */
  helpDraft: STAFF_READERS,
  /** A published help entry: everyone in the admin area, as in the help section. */
  publishedHelp: ALLOWED.staffArea,
  /** A FAQ published for every housing company: the staff routes are the developer's staff's. */
  faqForAll: STAFF_READERS,
  /** The attachment of a draft article for Linden Court: its editors. */
  draftAttachment: [...STAFF_READERS, 'manager', 'board', 'publisher'],
  /** The attachment of a published article for Linden Court: its editors and its residents. */
  publishedAttachment: [...STAFF_READERS, 'manager', 'board', 'publisher', 'owner', 'tenant'],
  /** Linden Court's picture, read as a resident: its members and the developer's staff. */
  lindenCourtPicture: [...STAFF_READERS, 'manager', 'board', 'publisher', 'owner', 'tenant'],
  /** Linden Court's picture in the staff app: the developer's staff and the company's staff-app roles. */
  lindenCourtPictureStaff: [...STAFF_READERS, 'manager', 'board', 'publisher'],
} satisfies Record<string, readonly Persona[]>;

describe('content objects within reach', () => {
  const objects = {} as Record<keyof typeof REACH, string>;
  const inject = (persona: Persona, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: auth(persona), ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    const faq = async (kind: 'faq' | 'help', housingCompanyIds: string[], status = 'draft') => {
      const res = await inject('marketing', 'POST', '/api/content/admin/faqs', {
        kind,
        variants: {
          en: { question: `Reach ${kind} ${housingCompanyIds.join()}`, answer: '<p>Only some</p>' },
        },
        targeting: { housingCompanyIds, buildingTaxonomies: [] },
        status,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: string }>().id;
    };
    objects.birchHillFaq = await faq('faq', [t.hc.birchHill]);
    objects.lindenCourtFaq = await faq('faq', [t.hc.lindenCourt]);
    objects.helpDraft = await faq('help', []);
    objects.publishedHelp = await faq('help', [], 'published');
    objects.faqForAll = await faq('faq', [], 'published');

    const attachment = async (status: string) => {
      const { payload, headers } = multipartFile('minutes.pdf', Buffer.from('%PDF-1.4\n%%EOF'));
      const upload = await t.app.inject({
        method: 'POST',
        url: '/api/content/admin/assets?purpose=attachment',
        payload,
        headers: { ...headers, ...auth('marketing') },
      });
      expect(upload.statusCode, upload.body).toBe(201);
      const { id } = upload.json<{ id: string }>();
      const article = await inject('marketing', 'POST', '/api/content/admin/articles', {
        variants: { en: { title: `Minutes (${status})` } },
        targeting: { housingCompanyIds: [t.hc.lindenCourt], buildingTaxonomies: [] },
        attachmentIds: [id],
        status,
      });
      expect(article.statusCode, article.body).toBe(201);
      return id;
    };
    objects.draftAttachment = await attachment('draft');
    objects.publishedAttachment = await attachment('published');

    const { payload, headers } = multipartFile('linden.png', pngImage(1600, 900));
    const picture = await t.app.inject({
      method: 'POST',
      url: '/api/content/admin/assets?purpose=image',
      payload,
      headers: { ...headers, ...auth('bizadmin') },
    });
    expect(picture.statusCode, picture.body).toBe(201);
    const imageId = picture.json<{ id: string }>().id;
    const set = await t.app.inject({
      method: 'PUT',
      url: `/api/content/admin/housing-companies/${t.hc.lindenCourt}/image`,
      payload: { imageId },
      headers: auth('bizadmin'),
    });
    expect(set.statusCode, set.body).toBe(200);
    objects.lindenCourtPicture = imageId;
    objects.lindenCourtPictureStaff = imageId;
  }, 60_000);

  it('answers a FAQ or help entry by id and in the staff list only within the caller’s housing companies', async () => {
    const wrong: string[] = [];
    for (const object of [
      'birchHillFaq',
      'lindenCourtFaq',
      'helpDraft',
      'publishedHelp',
      'faqForAll',
    ] as const) {
      const id = objects[object];
      for (const persona of ALLOWED.staffArea) {
        const expected = (REACH[object] as readonly Persona[]).includes(persona) ? 200 : 404;
        const one = await inject(persona, 'GET', `/api/content/admin/faqs/${id}`);
        if (one.statusCode !== expected)
          wrong.push(`GET /admin/faqs/:id ${object} as ${persona}: ${one.statusCode}`);
        if (expected === 404 && one.body.includes('Reach')) wrong.push(`${object} as ${persona}: leaked`);
        const list = await inject(
          persona,
          'GET',
          `/api/content/admin/faqs?filter=${JSON.stringify({ id: [id] })}`,
        );
        const listed = list.statusCode === 200 && list.json<{ id: string }[]>().some((f) => f.id === id);
        if (listed !== (expected === 200))
          wrong.push(`GET /admin/faqs ${object} as ${persona}: listed ${listed}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers a housing company’s picture only to its members and the staff who reach the company', async () => {
    const wrong: string[] = [];
    const routes = [
      ['lindenCourtPicture', `/api/content/housing-companies/${t.hc.lindenCourt}/image`, PERSONAS],
      [
        'lindenCourtPictureStaff',
        `/api/content/admin/housing-companies/${t.hc.lindenCourt}/image`,
        ALLOWED.staffArea,
      ],
    ] as const;
    for (const [object, url, callers] of routes) {
      for (const persona of callers) {
        const expected =
          persona === 'anonymous' ? 401 : (REACH[object] as readonly Persona[]).includes(persona) ? 200 : 404;
        const res = await inject(persona, 'GET', url);
        if (res.statusCode !== expected) wrong.push(`${object} as ${persona}: ${res.statusCode}`);
        if (expected === 404 && res.body.includes(objects[object]))
          wrong.push(`${object} as ${persona}: leaked`);
        if (expected === 200 && res.json<{ image: { id: string } | null }>().image?.id !== objects[object])
          wrong.push(`${object} as ${persona}: not the picture`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('serves an article’s attachment only to whoever may read the article', async () => {
    const wrong: string[] = [];
    for (const object of ['draftAttachment', 'publishedAttachment'] as const) {
      for (const persona of PERSONAS) {
        const expected =
          persona === 'anonymous' ? 401 : (REACH[object] as readonly Persona[]).includes(persona) ? 200 : 404;
        const res = await inject(persona, 'GET', `/api/content/assets/${objects[object]}`);
        if (res.statusCode !== expected) wrong.push(`${object} as ${persona}: ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
