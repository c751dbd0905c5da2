import type { Video, VideoList } from '@porta/contracts';
import { type SignedInPersonas, signInPersonas } from '@porta/identity/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DocumentsTestApp, documentsTestApp } from '../testing/index.js';

/*
 * Introduction videos through their routes on PGlite with identity's demo (02 §2–§3, §5, §8; 03 §7):
 * the managers add, change and delete them, residents list them in their language, a video beside
 * a folder is seen by the folder's readers only, identifiers are checked strictly, and a housing
 * company without a building-taxonomy term answers the spec's message.
 */

const PERSONAS = ['manager', 'owner', 'tenant', 'board', 'neighbour', 'othermanager', 'staff'] as const;
type Persona = (typeof PERSONAS)[number];
const P = '/api/documents';

let t: DocumentsTestApp;
let personas: SignedInPersonas<Persona>;

beforeAll(async () => {
  t = await documentsTestApp();
  personas = await signInPersonas(t, PERSONAS);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

function call(persona: Persona, method: string, url: string, payload?: unknown) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: personas.headers(persona),
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

const videosOf = (hc: string) => `${P}/housing-companies/${hc}/videos`;

async function list(persona: Persona, hc: string, lang?: string): Promise<VideoList> {
  const res = await call(persona, 'GET', `${videosOf(hc)}${lang ? `?lang=${lang}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<VideoList>();
}

async function add(persona: Persona, hc: string, body: Record<string, unknown>): Promise<Video> {
  const res = await call(persona, 'POST', videosOf(hc), body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Video>();
}

describe('introduction videos of Linden Court', () => {
  let welcome: Video;
  let sauna: Video;
  let tour: Video;

  it('the manager adds a YouTube, a Vimeo and an address video, each last in the list', async () => {
    welcome = await add('manager', t.hc.lindenCourt, {
      title: 'Welcome to Linden Court!',
      translations: { fi: 'Tervetuloa Linden Courtiin!' },
      source: 'youtube',
      identifier: 'AbCdEfGh_-1',
    });
    expect(welcome).toMatchObject({
      housingCompanyId: t.hc.lindenCourt,
      codename: 'welcome_to_linden_court',
      title: 'Welcome to Linden Court!',
      titles: { title: 'Welcome to Linden Court!', translations: { fi: 'Tervetuloa Linden Courtiin!' } },
      fullUrl: 'https://www.youtube.com/watch?v=AbCdEfGh_-1',
      embedUrl: 'https://www.youtube-nocookie.com/embed/AbCdEfGh_-1',
      documentFolderKey: null,
      position: 0,
    });
    sauna = await add('manager', t.hc.lindenCourt, {
      title: 'Sauna booking',
      source: 'vimeo',
      identifier: '76979871',
    });
    expect(sauna).toMatchObject({
      fullUrl: 'https://vimeo.com/76979871',
      embedUrl: 'https://player.vimeo.com/video/76979871?dnt=1',
      position: 1,
    });
    tour = await add('staff', t.hc.lindenCourt, {
      title: 'Sauna booking',
      source: 'url',
      identifier: 'https://videos.example.com/linden/tour.mp4',
    });
    // The codename is the company's own: the same title gets a suffix.
    expect(tour).toMatchObject({
      codename: 'sauna_booking_2',
      fullUrl: 'https://videos.example.com/linden/tour.mp4',
      embedUrl: null,
      position: 2,
    });
  });

  it('residents list them in their language, by position; another company has none of them', async () => {
    const fi = await list('tenant', t.hc.lindenCourt, 'fi');
    expect(fi.manages).toBe(false);
    expect(fi.videos.map((v) => v.title)).toEqual([
      'Tervetuloa Linden Courtiin!',
      'Sauna booking',
      'Sauna booking',
    ]);
    expect((await list('owner', t.hc.lindenCourt)).videos.map((v) => v.id)).toEqual([
      welcome.id,
      sauna.id,
      tour.id,
    ]);
    expect((await list('othermanager', t.hc.birchHill)).videos).toEqual([]);
    for (const persona of ['neighbour', 'othermanager'] as const) {
      const res = await call(persona, 'GET', videosOf(t.hc.lindenCourt));
      expect(res.statusCode).toBe(404);
    }
  });

  it('refuses the same video twice in the company (02 §8 "video already exists"), also by a change', async () => {
    const again = await call('manager', 'POST', videosOf(t.hc.lindenCourt), {
      title: 'Another title',
      source: 'youtube',
      identifier: 'AbCdEfGh_-1',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'DOC_VIDEO_EXISTS', title: 'Video already exists' });
    const changed = await call('manager', 'PUT', `${P}/videos/${sauna.id}`, {
      title: 'Sauna booking',
      source: 'youtube',
      identifier: 'AbCdEfGh_-1',
    });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({ code: 'DOC_VIDEO_EXISTS' });
    // Another company may have the same video.
    await add('othermanager', t.hc.birchHill, {
      title: 'Welcome',
      source: 'youtube',
      identifier: 'AbCdEfGh_-1',
    });
  });

  it.each([
    ['a YouTube id of 10 characters', 'youtube', 'AbCdEfGh_-'],
    ['a YouTube address instead of its id', 'youtube', 'https://www.youtube.com/watch?v=AbCdEfGh_-1'],
    ['a YouTube id with a quote', 'youtube', 'AbCdEfGh"-1'],
    ['a Vimeo id with letters', 'vimeo', '7697987a'],
    ['a Vimeo id of 0', 'vimeo', '0'],
    ['an http address', 'url', 'http://videos.example.com/a.mp4'],
    ['a javascript: address', 'url', 'javascript:alert(1)'],
    ['a data: address', 'url', 'data:text/html,hi'],
    ['an address with a password', 'url', 'https://user:secret@videos.example.com/a.mp4'],
    ['an address with a space', 'url', 'https://videos.example.com/a b.mp4'],
    ['a host without a domain', 'url', 'https://localhost/a.mp4'],
  ])('refuses %s', async (_, source, identifier) => {
    const res = await call('manager', 'POST', videosOf(t.hc.lindenCourt), {
      title: 'Bad',
      source,
      identifier,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('residents may not add, change or delete videos (403); other companies’ people get 404', async () => {
    const body = { title: 'Mine', source: 'youtube', identifier: 'ZyXwVuTsRq9' };
    for (const persona of ['owner', 'tenant', 'board'] as const) {
      const made = await call(persona, 'POST', videosOf(t.hc.lindenCourt), body);
      expect(made.statusCode).toBe(403);
      expect(made.json()).toMatchObject({ code: 'DOC_FOLDER_NOT_PERMITTED' });
      expect((await call(persona, 'PUT', `${P}/videos/${welcome.id}`, body)).statusCode).toBe(403);
      expect((await call(persona, 'DELETE', `${P}/videos/${welcome.id}`)).statusCode).toBe(403);
    }
    for (const persona of ['neighbour', 'othermanager'] as const) {
      expect((await call(persona, 'POST', videosOf(t.hc.lindenCourt), body)).statusCode).toBe(404);
      const changed = await call(persona, 'PUT', `${P}/videos/${welcome.id}`, body);
      expect(changed.statusCode).toBe(404);
      expect(changed.json()).toMatchObject({ code: 'DOC_VIDEO_NOT_FOUND' });
      expect((await call(persona, 'DELETE', `${P}/videos/${welcome.id}`)).statusCode).toBe(404);
    }
    expect((await list('owner', t.hc.lindenCourt)).videos).toHaveLength(3);
  });

  it('shows a video beside a folder only to those who read the folder', async () => {
    const board = await add('manager', t.hc.lindenCourt, {
      title: 'Board handbook',
      source: 'vimeo',
      identifier: '1234567',
      documentFolderKey: 'hc_board',
    });
    expect(board.documentFolderKey).toBe('hc_board');
    expect((await list('board', t.hc.lindenCourt)).videos.map((v) => v.id)).toContain(board.id);
    expect((await list('tenant', t.hc.lindenCourt)).videos.map((v) => v.id)).not.toContain(board.id);
    // Unseen: 404 for a change, as for another company's video.
    expect((await call('tenant', 'DELETE', `${P}/videos/${board.id}`)).statusCode).toBe(404);
    const unknown = await call('manager', 'POST', videosOf(t.hc.lindenCourt), {
      title: 'Nowhere',
      source: 'vimeo',
      identifier: '7654321',
      documentFolderKey: 'no_such_folder',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'DOC_FOLDER_NOT_FOUND' });
  });

  it('the manager changes a video (its codename stays) and deletes it', async () => {
    const res = await call('manager', 'PUT', `${P}/videos/${welcome.id}?lang=fi`, {
      title: 'Welcome home',
      translations: { fi: 'Tervetuloa kotiin', sv: 'Välkommen hem' },
      source: 'vimeo',
      identifier: '555',
      position: 9,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Video>()).toMatchObject({
      codename: 'welcome_to_linden_court',
      title: 'Tervetuloa kotiin',
      titles: { title: 'Welcome home', translations: { sv: 'Välkommen hem' } },
      fullUrl: 'https://vimeo.com/555',
      position: 9,
    });
    expect((await list('owner', t.hc.lindenCourt)).videos.at(-1)!.id).toBe(welcome.id);
    expect((await call('manager', 'DELETE', `${P}/videos/${welcome.id}`)).statusCode).toBe(204);
    const gone = await call('manager', 'PUT', `${P}/videos/${welcome.id}`, {
      title: 'x',
      source: 'vimeo',
      identifier: '555',
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 'DOC_VIDEO_NOT_FOUND' });
    expect((await list('owner', t.hc.lindenCourt)).videos.map((v) => v.id)).not.toContain(welcome.id);
  });
});

describe('a housing company without a building-taxonomy term (02 §5)', () => {
  let term: string | null;

  beforeAll(async () => {
    const [row] = await t.query<{ term: string | null }>(
      'select building_taxonomy_term_id as term from identity.housing_companies where id = $1',
      [t.hc.birchHill],
    );
    term = row!.term;
    await t.query('update identity.housing_companies set building_taxonomy_term_id = null where id = $1', [
      t.hc.birchHill,
    ]);
    t.documents.context.directory.clear();
  });
  afterAll(async () => {
    await t.query('update identity.housing_companies set building_taxonomy_term_id = $1 where id = $2', [
      term,
      t.hc.birchHill,
    ]);
    t.documents.context.directory.clear();
  });

  it("neither lists nor adds videos: 'Kentico taxonomy term for this project could not be determined.'", async () => {
    for (const persona of ['othermanager', 'neighbour'] as const) {
      const res = await call(persona, 'GET', videosOf(t.hc.birchHill));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'DOC_VIDEO_TAXONOMY_MISSING',
        title: 'Kentico taxonomy term for this project could not be determined.',
      });
    }
    const made = await call('othermanager', 'POST', videosOf(t.hc.birchHill), {
      title: 'Welcome again',
      source: 'vimeo',
      identifier: '42',
    });
    expect(made.statusCode).toBe(409);
    expect(made.json()).toMatchObject({ code: 'DOC_VIDEO_TAXONOMY_MISSING' });
    // The folders are not affected.
    expect(
      (await call('neighbour', 'GET', `${P}/housing-companies/${t.hc.birchHill}/folders`)).statusCode,
    ).toBe(200);
  });
});
