import type { FeatureToggle } from '@porta/contracts';
import { SessionClient } from '@porta/web-kit';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, listOf, meOf, mockFetch, type SentRequest, tokens } from '../../testing/fetch-mock';
import { fill, renderAppAt } from '../../testing/render-app';

let session: SessionClient;

const TERM_ID = '3c2b1a09-8f7e-4d6c-9b5a-000000000001';
const camera: FeatureToggle = {
  id: '1a2b3c4d-5e6f-4a7b-8c9d-000000000001',
  featureId: 'project-camera',
  scope: TERM_ID,
  settings: { url: 'https://camera.example.com/site', navigationOrderNumber: 25 },
  visibleFrom: null,
  visibleUntil: null,
  languages: ['fi', 'sv'],
  active: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function api(extra: Record<string, (r: SentRequest) => Response> = {}) {
  return mockFetch({
    'GET /api/identity/me': () => json(meOf(['admin'])),
    'GET /api/identity/admin/feature-toggles': () => listOf('feature-toggles', [camera]),
    [`GET /api/identity/admin/feature-toggles/${camera.id}`]: () => json(camera),
    'GET /api/identity/admin/taxonomy-terms': () =>
      listOf('taxonomy-terms', [
        {
          id: TERM_ID,
          group: 'buildingtaxonomy',
          codename: 'uusimaa',
          externalId: null,
          name: 'Uusimaa',
          parentId: null,
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-01T00:00:00.000Z',
        },
      ]),
    'POST /api/identity/admin/feature-toggles': (request) =>
      json({ ...camera, ...(request.body as object) }, 201),
    ...extra,
  });
}

beforeEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  session = new SessionClient('', window.localStorage);
  session.accept(tokens(1));
});

describe('feature toggle form', () => {
  it('requires the title and address of every navigation link, then posts the links', async () => {
    const calls = api();
    renderAppAt('/admin/feature-toggles/create', session);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('combobox', { name: /^Feature/ }));
    await user.click(await screen.findByRole('option', { name: 'Navigation links' }));
    expect(await screen.findByText('Links')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findAllByText('Required')).toHaveLength(2);
    expect(calls.to('POST /api/identity/admin/feature-toggles')).toHaveLength(0);

    await fill(user, screen.getByRole('textbox', { name: /^Title/ }), 'Residents’ guide');
    await fill(user, screen.getByRole('textbox', { name: /^Address/ }), 'https://example.com/guide');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.to('POST /api/identity/admin/feature-toggles')).toHaveLength(1));
    expect(calls.to('POST /api/identity/admin/feature-toggles')[0]?.body).toEqual({
      featureId: 'navigationlink',
      scope: 'global',
      settings: {
        links: [{ title: 'Residents’ guide', href: 'https://example.com/guide', target: '_self' }],
      },
      active: true,
      visibleFrom: null,
      visibleUntil: null,
      languages: null,
    });
  });

  it('edits a toggle of a building taxonomy term, keeping only the settings of its feature', async () => {
    const route = `PUT /api/identity/admin/feature-toggles/${camera.id}`;
    const calls = api({ [route]: (request) => json({ ...camera, ...(request.body as object) }) });
    renderAppAt(`/admin/feature-toggles/${camera.id}`, session);
    const user = userEvent.setup();

    const url = await screen.findByRole('textbox', { name: /^Camera address/ });
    expect((url as HTMLInputElement).value).toBe('https://camera.example.com/site');
    expect(screen.getByRole('radio', { name: 'A building taxonomy term' })).toHaveProperty('checked', true);
    await user.clear(url);
    await fill(user, url, 'https://camera.example.com/new');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.to(route)).toHaveLength(1));
    expect(calls.to(route)[0]?.body).toEqual({
      featureId: 'project-camera',
      scope: TERM_ID,
      settings: { url: 'https://camera.example.com/new', navigationOrderNumber: 25 },
      active: true,
      visibleFrom: null,
      visibleUntil: null,
      languages: ['fi', 'sv'],
    });
  });
});
