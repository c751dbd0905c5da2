import { SessionClient } from '@porta/web-kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { step } from '../../content/testing';
import {
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

const STEPS = '/api/content/admin/steps';
const harbour = housingCompany(1, { name: 'Harbour View', lifecycleStepsActive: true });
const foundation = step(2, {
  title: 'Foundation laid',
  targeting: { housingCompanyIds: [harbour.id], buildingTaxonomies: [] },
});
const keys = step(5, {
  title: 'Keys handed over',
  targeting: { housingCompanyIds: [harbour.id], buildingTaxonomies: [] },
});
const created = step(7, { title: 'Moving day', status: 'draft' });

function api(roles: Parameters<typeof meOf>[0] = ['yitProject']) {
  return mockFetch({
    'GET /api/identity/me': () => json(meOf(roles)),
    'GET /api/identity/admin/housing-companies': () => listOf('housing-companies', [harbour]),
    [`GET /api/identity/admin/housing-companies/${harbour.id}`]: () => json(harbour),
    'GET /api/identity/taxonomy/buildingtaxonomy': () => json({ group: 'buildingtaxonomy', terms: [] }),
    [`GET ${STEPS}`]: () => listOf('steps', [foundation, keys]),
    [`POST ${STEPS}`]: () => json(created, 201),
  });
}

const filterOf = (request: SentRequest) =>
  JSON.parse(request.query.get('filter') ?? '{}') as Record<string, unknown>;

beforeEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  session = new SessionClient('', window.localStorage);
  session.accept(tokens(1));
});

describe('lifecycle steps of a housing company', () => {
  it("opens from the housing company's page and lists its steps by start date", async () => {
    const calls = api();
    renderAppAt(`/admin/housing-companies/${harbour.id}/show`, session);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('link', { name: 'Lifecycle steps' }));
    await waitFor(() =>
      expect(window.location.pathname).toBe(`/admin/housing-companies/${harbour.id}/steps`),
    );
    expect(await screen.findByText('Lifecycle steps: Harbour View')).toBeTruthy();
    const rows = within(await screen.findByRole('table'))
      .getAllByRole('row')
      .slice(1);
    expect(within(rows[0]!).getByText('Foundation laid')).toBeTruthy();
    expect(within(rows[0]!).getByText('01.02.2026')).toBeTruthy();
    expect(within(rows[1]!).getByText('Keys handed over')).toBeTruthy();
    const request = calls.to(`GET ${STEPS}`).at(-1)!;
    expect(filterOf(request)).toEqual({ housingCompanyId: harbour.id });
    expect(JSON.parse(request.query.get('sort')!)).toEqual(['dateStart', 'ASC']);
  });

  it("leads the spec's address there too", async () => {
    api();
    renderAppAt(`/admin/housing-company/${harbour.id}/steps`, session);
    await waitFor(() =>
      expect(window.location.pathname).toBe(`/admin/housing-companies/${harbour.id}/steps`),
    );
    expect(await screen.findByText('Lifecycle steps: Harbour View')).toBeTruthy();
  });

  it('creates a step targeted at the housing company it was started from', async () => {
    const calls = api();
    renderAppAt(`/admin/housing-companies/${harbour.id}/steps`, session);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('link', { name: 'Create' }));
    await fill(user, await screen.findByLabelText(/^Title/), 'Moving day');
    await fill(user, screen.getByLabelText('Start date'), '2026-09-01');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.to(`POST ${STEPS}`)).toHaveLength(1));
    expect(calls.to(`POST ${STEPS}`)[0]!.body).toMatchObject({
      variants: { en: { title: 'Moving day' } },
      dateStart: '2026-09-01',
      targeting: { housingCompanyIds: [harbour.id], buildingTaxonomies: [] },
      related: [],
      status: 'draft',
    });
  });

  it('needs a housing company or a term for a step', async () => {
    const calls = api();
    renderAppAt('/admin/steps/create', session);
    const user = userEvent.setup();

    await fill(user, await screen.findByLabelText(/^Title/), 'Moving day');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Choose at least one housing company or term')).toBeTruthy();
    expect(calls.to(`POST ${STEPS}`)).toHaveLength(0);
  });

  it('gives readers the steps without create or edit', async () => {
    api(['yitUser']);
    renderAppAt(`/admin/housing-companies/${harbour.id}/steps`, session);
    expect(await screen.findByText('Foundation laid')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Create' })).toBeNull();
  });
});
