import type { NewsDetailResponse } from '@porta/contracts';
import { SessionClient } from '@porta/web-kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../common/dates';
import { article, asset, problemWith } from '../../content/testing';
import {
  type Handler,
  housingCompany,
  json,
  listOf,
  meOf,
  mockFetch,
  type SentRequest,
  tokens,
} from '../../testing/fetch-mock';
import { fill, renderAppAt } from '../../testing/render-app';

let session: SessionClient;

const ARTICLES = '/api/content/admin/articles';
const harbour = housingCompany(1, { name: 'Harbour View' });
const linden = housingCompany(2, { name: 'Linden Court' });
const draft = article(1, {
  title: 'Water cut on Monday',
  variants: { en: { title: 'Water cut on Monday' } },
});
const scheduled = article(2, {
  title: 'Sauna renovation',
  status: 'published',
  scheduled: true,
  publishAt: '2030-05-01T06:00:00.000Z',
});
const locked = article(3, { title: 'Welcome to Porta', status: 'published', canEdit: false });
const created = article(9, { title: 'Yard cleaning day', variants: { en: { title: 'Yard cleaning day' } } });

function api(routes: Record<string, Handler> = {}, roles: Parameters<typeof meOf>[0] = ['yitMarketing']) {
  return mockFetch({
    'GET /api/identity/me': () => json(meOf(roles)),
    'GET /api/identity/admin/housing-companies': (request) => {
      const filter = JSON.parse(request.query.get('filter') ?? '{}') as { q?: string; id?: string[] };
      const rows = [harbour, linden].filter(
        (hc) =>
          (!filter.q || hc.name.toLowerCase().includes(filter.q.toLowerCase())) &&
          (!filter.id || filter.id.includes(hc.id)),
      );
      return listOf('housing-companies', rows);
    },
    'GET /api/identity/taxonomy/buildingtaxonomy': () =>
      json({
        group: 'buildingtaxonomy',
        terms: [
          {
            id: '3c2b1a09-8f7e-4d6c-9b5a-000000000001',
            codename: 'uusimaa',
            externalId: null,
            name: 'Uusimaa',
            terms: [],
          },
        ],
      }),
    [`GET ${ARTICLES}`]: () => json([draft, scheduled, locked], 200, { 'Content-Range': 'articles 0-2/3' }),
    [`GET ${ARTICLES}/${draft.id}`]: () => json(draft),
    [`GET ${ARTICLES}/${locked.id}`]: () => json(locked),
    [`GET ${ARTICLES}/${created.id}`]: () => json(created),
    ...routes,
  });
}

beforeEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  session = new SessionClient('', window.localStorage);
  session.accept(tokens(1));
});

const filterOf = (request: SentRequest) =>
  JSON.parse(request.query.get('filter') ?? '{}') as Record<string, unknown>;

describe('news list (/admin/news)', () => {
  it('lists the articles newest publish time first, with their state, and filters them', async () => {
    const calls = api();
    renderAppAt('/admin/news', session);
    const user = userEvent.setup();

    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('Water cut on Monday')).toBeTruthy();
    expect(within(rows[0]!).getByText('Draft')).toBeTruthy();
    expect(within(rows[1]!).getByText('Scheduled')).toBeTruthy();
    expect(within(rows[1]!).getByText('01.05.2030 09:00')).toBeTruthy();
    expect(within(rows[2]!).getByText('Published')).toBeTruthy();
    const first = calls.to(`GET ${ARTICLES}`)[0]!;
    expect(JSON.parse(first.query.get('sort')!)).toEqual(['publishAt', 'DESC']);
    expect(JSON.parse(first.query.get('range')!)).toEqual([0, 24]);

    await fill(user, screen.getByPlaceholderText('Search'), 'water');
    await waitFor(() => expect(filterOf(calls.to(`GET ${ARTICLES}`).at(-1)!)).toEqual({ q: 'water' }));

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Draft' }));
    await waitFor(() =>
      expect(filterOf(calls.to(`GET ${ARTICLES}`).at(-1)!)).toEqual({ q: 'water', status: 'draft' }),
    );

    await user.click(screen.getByRole('combobox', { name: 'Scheduled' }));
    await user.click(await screen.findByRole('option', { name: 'Yes' }));
    await waitFor(() =>
      expect(filterOf(calls.to(`GET ${ARTICLES}`).at(-1)!)).toEqual({
        q: 'water',
        status: 'draft',
        scheduled: true,
      }),
    );
  });

  it('shows "No items found" and a create button when there are no articles', async () => {
    api({ [`GET ${ARTICLES}`]: () => json([], 200, { 'Content-Range': 'articles 0-0/0' }) });
    renderAppAt('/admin/news', session);
    expect(await screen.findByText('No items found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create' })).toBeTruthy();
  });

  it('opens an article the viewer may not change read-only, even at its edit address', async () => {
    const calls = api();
    renderAppAt(`/admin/news/${locked.id}`, session);

    await waitFor(() => expect(window.location.pathname).toBe(`/admin/news/${locked.id}/show`));
    expect(await screen.findAllByText('Welcome to Porta')).not.toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Unpublish' })).toBeNull();
    expect(calls.sent.filter((r) => r.method !== 'GET')).toHaveLength(0);
  });

  it('gives a plain yitUser the list read-only: no create, no copy, rows open the read view', async () => {
    api({}, ['yitUser']);
    renderAppAt('/admin/news', session);
    const user = userEvent.setup();

    await user.click(await screen.findByText('Water cut on Monday'));
    await waitFor(() => expect(window.location.pathname).toBe(`/admin/news/${draft.id}/show`));
    expect(screen.queryByRole('link', { name: 'Create' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Publish now' })).toBeNull();
  });
});

describe('who reaches the news', () => {
  it('is not routed for partners (03 §2 gives them campaigns only)', async () => {
    const calls = api({}, ['partner']);
    renderAppAt('/admin/news', session);
    expect(await screen.findByText(/not found/i)).toBeTruthy();
    expect(calls.to(`GET ${ARTICLES}`)).toHaveLength(0);
  });
});

describe('creating an article (/admin/news/new)', () => {
  it('leads the spec address to the form, posts the article and opens its "created" page', async () => {
    const calls = api({ [`POST ${ARTICLES}`]: () => json(created, 201) });
    renderAppAt('/admin/news/new', session);
    const user = userEvent.setup();

    await waitFor(() => expect(window.location.pathname).toBe('/admin/news/create'));
    await fill(user, await screen.findByRole('textbox', { name: /^Title/ }), 'Yard cleaning day');
    await fill(user, screen.getByRole('textbox', { name: 'Introduction' }), 'Bring your gloves.');
    await user.click(screen.getByRole('tab', { name: /^Suomi/ }));
    await fill(user, screen.getByRole('textbox', { name: 'Title' }), 'Pihatalkoot');
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Announcement' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.to(`POST ${ARTICLES}`)).toHaveLength(1));
    const body = calls.to(`POST ${ARTICLES}`)[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      defaultLanguage: 'en',
      articleType: 'announcement',
      status: 'draft',
      sticky: false,
      targeting: { housingCompanyIds: [], buildingTaxonomies: [] },
      userRoles: [],
      imageIds: [],
      attachmentIds: [],
    });
    expect(body.variants).toEqual({
      en: { title: 'Yard cleaning day', introduction: 'Bring your gloves.' },
      fi: { title: 'Pihatalkoot' },
    });
    expect(body).not.toHaveProperty('id');
    expect(body).not.toHaveProperty('codename');

    await waitFor(() => expect(window.location.pathname).toBe(`/admin/news/created/${created.id}`));
    expect(await screen.findByText('News item saved')).toBeTruthy();
    expect(await screen.findByText('News item created')).toBeTruthy();
    expect(screen.getByText('It is a draft: residents do not see it yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View' }).getAttribute('href')).toBe(
      `/admin/news/${created.id}/show`,
    );
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(`/admin/news/${created.id}`);
    expect(screen.getByRole('link', { name: 'Preview as a resident' }).getAttribute('href')).toBe(
      `/admin/news/preview/${created.id}`,
    );
    expect(screen.getByRole('link', { name: 'Create another' }).getAttribute('href')).toBe(
      '/admin/news/create',
    );
  });

  it("shows the server's archive-date refusal next to the archive date, and stays on the form", async () => {
    const calls = api({
      [`POST ${ARTICLES}`]: () =>
        problemWith(400, 'CNT_ARCHIVE_DATE_IN_PAST', 'Archive date cannot be in the past.'),
    });
    renderAppAt('/admin/news/create', session);
    const user = userEvent.setup();

    await fill(user, await screen.findByRole('textbox', { name: /^Title/ }), 'Old news');
    const archive = screen.getByLabelText('Archive date');
    await fill(user, archive, '2031-01-01T10:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.to(`POST ${ARTICLES}`)).toHaveLength(1));
    expect((calls.to(`POST ${ARTICLES}`)[0]!.body as { archiveAt: string }).archiveAt).toBe(
      new Date('2031-01-01T10:00').toISOString(),
    );
    const message = await screen.findByText('Archive date cannot be in the past.');
    expect(archive.getAttribute('aria-invalid')).toBe('true');
    expect(archive.closest('.MuiFormControl-root')?.contains(message)).toBe(true);
    expect(window.location.pathname).toBe('/admin/news/create');
  });

  it("shows the server's field errors of a validation failure next to the fields", async () => {
    api({
      [`POST ${ARTICLES}`]: () =>
        problemWith(400, 'VALIDATION_FAILED', 'Error on validating the form.', {
          errors: [{ path: 'body.variants.en.title', message: 'Too long' }],
        }),
    });
    renderAppAt('/admin/news/create', session);
    const user = userEvent.setup();

    await fill(user, await screen.findByRole('textbox', { name: /^Title/ }), 'A title');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Too long')).toBeTruthy();
  });

  it('checks the rules before sending: the title of the default language, a past archive date, sticky expiry', async () => {
    const calls = api({ [`POST ${ARTICLES}`]: () => json(created, 201) });
    renderAppAt('/admin/news/create', session);
    const user = userEvent.setup();

    await fill(user, await screen.findByLabelText('Archive date'), '2020-01-01T10:00');
    await user.click(screen.getByRole('switch', { name: 'Sticky' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Required')).toBeTruthy();
    expect(screen.getByText('Archive date cannot be in the past.')).toBeTruthy();
    expect(
      screen.getByText('A sticky item needs a sticky expiration date that is not before today.'),
    ).toBeTruthy();
    expect(calls.to(`POST ${ARTICLES}`)).toHaveLength(0);
  });

  it('refuses an image the server finds against the article image rules, in words', async () => {
    const calls = api({
      'POST /api/content/admin/assets': () =>
        problemWith(
          400,
          'CNT_IMAGE_RULES',
          'Image must be landscape 16:9, at least 1000 px wide, in jpg, png or gif.',
        ),
    });
    renderAppAt('/admin/news/create', session);
    const user = userEvent.setup();

    const input = await screen.findByLabelText('Upload file: Images');
    await user.upload(input, new File(['png'], 'portrait.png', { type: 'image/png' }));

    const alert = await screen.findByText(
      'Image must be landscape 16:9, at least 1000 px wide, in jpg, png or gif.',
    );
    expect(alert.getAttribute('role')).toBe('alert');
    const upload = calls.to('POST /api/content/admin/assets')[0]!;
    expect(upload.query.get('purpose')).toBe('article-image');
    expect(upload.headers.get('authorization')).toBe('Bearer access-1');
  });

  it('keeps an uploaded image in the article, and refuses a wrong file type without sending it', async () => {
    const image = asset(1, { fileName: 'yard.jpg' });
    const calls = api({
      'POST /api/content/admin/assets': () => json(image, 201),
      [`POST ${ARTICLES}`]: () => json(created, 201),
    });
    renderAppAt('/admin/news/create', session);
    const user = userEvent.setup({ applyAccept: false });

    const input = await screen.findByLabelText('Upload file: Images');
    await user.upload(input, new File(['text'], 'notes.txt', { type: 'text/plain' }));
    expect(
      await screen.findByText('This file type is not allowed. Allowed types: jpg, jpeg, png, gif.'),
    ).toBeTruthy();
    expect(calls.to('POST /api/content/admin/assets')).toHaveLength(0);

    await user.upload(input, new File(['jpg'], 'yard.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByRole('img', { name: 'yard.jpg' })).toBeTruthy();
    await fill(user, screen.getByRole('textbox', { name: /^Title/ }), 'Yard cleaning day');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.to(`POST ${ARTICLES}`)).toHaveLength(1));
    expect((calls.to(`POST ${ARTICLES}`)[0]!.body as { imageIds: string[] }).imageIds).toEqual([image.id]);
  });
});

describe('publication and preview', () => {
  it('publishes a draft now after a confirmation', async () => {
    const published = { ...draft, status: 'published' as const, publishAt: '2026-03-05T10:00:00.000Z' };
    const calls = api({ [`POST ${ARTICLES}/${draft.id}/publish`]: () => json(published) });
    renderAppAt(`/admin/news/${draft.id}/show`, session);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Publish now' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(calls.to(`POST ${ARTICLES}/${draft.id}/publish`)).toHaveLength(1));
    expect(calls.to(`POST ${ARTICLES}/${draft.id}/publish`)[0]!.body).toEqual({ publishAt: null });
    expect(await screen.findByText('News item published')).toBeTruthy();
  });

  it('shows the resident view of a draft for a chosen housing company', async () => {
    const preview: NewsDetailResponse = {
      id: draft.id,
      codename: draft.codename,
      slug: draft.codename,
      title: 'Water cut on Monday',
      boxTitle: 'Water cut on Monday',
      excerpt: 'Water is off',
      publishDate: '2026-03-05T10:00:00.000Z',
      articleType: 'news',
      isPriority: false,
      sticky: false,
      archived: false,
      image: null,
      language: 'en',
      introduction: 'Water is off from 9 to 12.',
      content: '<p>Please <strong>store water</strong> beforehand.</p>',
      category: null,
      images: [],
      attachments: [],
      authorName: 'Anna Admin',
    };
    const calls = api({ [`GET ${ARTICLES}/${draft.id}/preview`]: () => json(preview) });
    renderAppAt(`/admin/news/preview/${draft.id}`, session);
    const user = userEvent.setup();

    const view = await screen.findByRole('region', { name: 'Resident view' });
    expect(await within(view).findByRole('heading', { name: 'Water cut on Monday' })).toBeTruthy();
    expect(within(view).getByText('store water').tagName).toBe('STRONG');
    expect(within(view).getByText('5 Mar 2026 · Anna Admin')).toBeTruthy();

    await fill(user, screen.getByRole('combobox', { name: 'As a resident of' }), 'Linden');
    await waitFor(() =>
      expect(filterOf(calls.to('GET /api/identity/admin/housing-companies').at(-1)!)).toEqual({
        q: 'Linden',
      }),
    );
    await user.click(await screen.findByRole('option', { name: 'Linden Court' }));
    await waitFor(() =>
      expect(calls.to(`GET ${ARTICLES}/${draft.id}/preview`).at(-1)!.query.get('housingCompanyId')).toBe(
        linden.id,
      ),
    );
  });
});

describe('success messages say what happened to the news item', () => {
  it('says "News item updated" after saving the editor', async () => {
    const calls = api({
      [`PUT ${ARTICLES}/${draft.id}`]: (request) => json({ ...draft, ...(request.body as object) }),
    });
    renderAppAt(`/admin/news/${draft.id}`, session);
    const user = userEvent.setup();

    await fill(user, await screen.findByRole('textbox', { name: /^Title/ }), ' again');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.to(`PUT ${ARTICLES}/${draft.id}`)).toHaveLength(1));
    expect(await screen.findByText('News item updated')).toBeTruthy();
    expect(screen.queryByText('Element updated')).toBeNull();
  });

  it('says "News item deleted" after deleting it from the editor', async () => {
    const calls = api({ [`DELETE ${ARTICLES}/${draft.id}`]: () => new Response(null, { status: 204 }) });
    renderAppAt(`/admin/news/${draft.id}`, session);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(calls.to(`DELETE ${ARTICLES}/${draft.id}`)).toHaveLength(1));
    expect(await screen.findByText('News item deleted')).toBeTruthy();
    expect(screen.queryByText('Element deleted')).toBeNull();
  });

  it('says when the news item is scheduled to be published', async () => {
    const calls = api({
      [`POST ${ARTICLES}/${draft.id}/publish`]: () => json({ ...scheduled, id: draft.id }),
    });
    renderAppAt(`/admin/news/${draft.id}/show`, session);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Schedule publishing' }));
    const dialog = await screen.findByRole('dialog');
    await fill(user, within(dialog).getByLabelText(/^Publish at/), '2030-05-01T09:00');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule publishing' }));

    await waitFor(() => expect(calls.to(`POST ${ARTICLES}/${draft.id}/publish`)).toHaveLength(1));
    const publishAt = new Date('2030-05-01T09:00').toISOString();
    expect(calls.to(`POST ${ARTICLES}/${draft.id}/publish`)[0]!.body).toEqual({ publishAt });
    expect(
      await screen.findByText(`News item scheduled for publishing on ${formatDateTime(publishAt)}`),
    ).toBeTruthy();
  });

  it('says that the schedule of the news item was cancelled, and that it was unpublished', async () => {
    const calls = api({
      [`GET ${ARTICLES}/${scheduled.id}`]: () => json(scheduled),
      [`POST ${ARTICLES}/${scheduled.id}/cancel-schedule`]: () => json({ ...scheduled, status: 'draft' }),
      [`POST ${ARTICLES}/${scheduled.id}/unpublish`]: () => json({ ...scheduled, status: 'draft' }),
    });
    renderAppAt(`/admin/news/${scheduled.id}/show`, session);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Cancel scheduled publishing' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.to(`POST ${ARTICLES}/${scheduled.id}/cancel-schedule`)).toHaveLength(1));
    expect(await screen.findByText('Scheduled publishing of the news item cancelled')).toBeTruthy();

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(await screen.findByRole('button', { name: 'Unpublish' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.to(`POST ${ARTICLES}/${scheduled.id}/unpublish`)).toHaveLength(1));
    expect(await screen.findByText('News item unpublished')).toBeTruthy();
  });
});

describe('broad audience (03 §4)', () => {
  const asksBroad = (request: SentRequest, answer: Response) =>
    (request.body as { confirmBroadAudience?: boolean }).confirmBroadAudience
      ? answer
      : problemWith(409, 'CNT_BROAD_AUDIENCE_CONFIRM', 'Confirm the broad audience.', { detail: '14' });

  it('asks before publishing news to everyone, then sends it again with the confirmation', async () => {
    const published = { ...created, status: 'published' as const, publishAt: '2026-03-05T10:00:00.000Z' };
    const calls = api({
      [`POST ${ARTICLES}`]: (request) => asksBroad(request, json(published, 201)),
      [`GET ${ARTICLES}/${created.id}`]: () => json(published),
    });
    renderAppAt('/admin/news/create', session);
    const user = userEvent.setup();

    await fill(user, await screen.findByRole('textbox', { name: /^Title/ }), 'Yard cleaning day');
    await user.click(screen.getByRole('radio', { name: 'Published' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        'This reaches 14 housing companies. Do you want to publish it to all of them?',
      ),
    ).toBeTruthy();
    const [first] = calls.to(`POST ${ARTICLES}`);
    expect(first!.body).toMatchObject({
      status: 'published',
      targeting: { housingCompanyIds: [], buildingTaxonomies: [] },
    });
    expect(first!.body).not.toHaveProperty('confirmBroadAudience');
    await user.click(within(dialog).getByRole('button', { name: 'Publish to all' }));

    await waitFor(() => expect(calls.to(`POST ${ARTICLES}`)).toHaveLength(2));
    const second = calls.to(`POST ${ARTICLES}`)[1]!.body as Record<string, unknown>;
    expect(second).toMatchObject({
      status: 'published',
      confirmBroadAudience: true,
      variants: { en: { title: 'Yard cleaning day' } },
    });
    await waitFor(() => expect(window.location.pathname).toBe(`/admin/news/created/${created.id}`));
    expect(await screen.findByText('News item saved')).toBeTruthy();
  });

  it('keeps the form as typed when the confirmation is cancelled', async () => {
    const calls = api({ [`POST ${ARTICLES}`]: (request) => asksBroad(request, json(created, 201)) });
    renderAppAt('/admin/news/create', session);
    const user = userEvent.setup();

    const title = await screen.findByRole('textbox', { name: /^Title/ });
    await fill(user, title, 'Yard cleaning day');
    await user.click(screen.getByRole('radio', { name: 'Published' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.to(`POST ${ARTICLES}`)).toHaveLength(1);
    expect(window.location.pathname).toBe('/admin/news/create');
    expect((screen.getByRole('textbox', { name: /^Title/ }) as HTMLInputElement).value).toBe(
      'Yard cleaning day',
    );
    expect((screen.getByRole('radio', { name: 'Published' }) as HTMLInputElement).checked).toBe(true);
  });

  it('asks when publishing a draft now from its page, then publishes with the confirmation', async () => {
    const published = { ...draft, status: 'published' as const, publishAt: '2026-03-05T10:00:00.000Z' };
    const calls = api({
      [`POST ${ARTICLES}/${draft.id}/publish`]: (request) => asksBroad(request, json(published)),
    });
    renderAppAt(`/admin/news/${draft.id}/show`, session);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Publish now' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish to a broad audience?' });
    expect(
      within(dialog).getByText(
        'This reaches 14 housing companies. Do you want to publish it to all of them?',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Publish to all' }));

    await waitFor(() => expect(calls.to(`POST ${ARTICLES}/${draft.id}/publish`)).toHaveLength(2));
    const [first, second] = calls.to(`POST ${ARTICLES}/${draft.id}/publish`);
    expect(first!.body).toEqual({ publishAt: null });
    expect(second!.body).toEqual({ publishAt: null, confirmBroadAudience: true });
  });
});
