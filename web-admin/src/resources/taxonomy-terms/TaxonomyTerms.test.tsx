import type { TaxonomyTerm } from '@porta/contracts';
import { SessionClient } from '@porta/web-kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, listOf, meOf, mockFetch, tokens } from '../../testing/fetch-mock';
import { fill, renderAppAt } from '../../testing/render-app';

let session: SessionClient;

const uusimaa: TaxonomyTerm = {
  id: '3c2b1a09-8f7e-4d6c-9b5a-000000000001',
  group: 'buildingtaxonomy',
  codename: 'uusimaa',
  externalId: null,
  name: 'Uusimaa',
  parentId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const helsinki: TaxonomyTerm = {
  ...uusimaa,
  id: '3c2b1a09-8f7e-4d6c-9b5a-000000000002',
  codename: 'helsinki',
  name: 'Helsinki',
  parentId: uusimaa.id,
};
const base = '/api/identity/admin/taxonomy-terms';

function api() {
  return mockFetch({
    'GET /api/identity/me': () => json(meOf(['admin'])),
    [`GET ${base}`]: (request) => {
      const filter = JSON.parse(request.query.get('filter') ?? '{}') as { id?: string[] };
      const all = [uusimaa, helsinki];
      return listOf('taxonomy-terms', filter.id ? all.filter((t) => filter.id!.includes(t.id)) : all);
    },
    [`GET ${base}/${helsinki.id}`]: () => json(helsinki),
    [`DELETE ${base}/${helsinki.id}`]: () => new Response(null, { status: 204 }),
    [`POST ${base}`]: (r) =>
      json({ ...uusimaa, ...(r.body as object), id: '3c2b1a09-8f7e-4d6c-9b5a-000000000003' }, 201),
  });
}

beforeEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  session = new SessionClient('', window.localStorage);
  session.accept(tokens(1));
});

describe('taxonomy terms', () => {
  it('lists the building taxonomy by default, with each term’s parent', async () => {
    const calls = api();
    renderAppAt('/admin/taxonomy-terms', session);

    const table = await screen.findByRole('table');
    const row = within(table).getByText('Helsinki').closest('tr')!;
    expect(await within(row).findByText('Uusimaa')).toBeTruthy();
    expect(JSON.parse(calls.to(`GET ${base}`)[0]!.query.get('filter')!)).toEqual({
      group: 'buildingtaxonomy',
    });
  });

  it('creates a term under a parent of the same group', async () => {
    const calls = api();
    renderAppAt('/admin/taxonomy-terms/create', session);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('combobox', { name: /^Group/ }));
    await user.click(await screen.findByRole('option', { name: 'Building taxonomy' }));
    await fill(user, screen.getByRole('textbox', { name: /^Name/ }), 'Espoo');
    await fill(user, screen.getByRole('combobox', { name: /^Parent term/ }), 'Uusi');
    await user.click(await screen.findByRole('option', { name: 'Uusimaa' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.to(`POST ${base}`)).toHaveLength(1));
    expect(calls.to(`POST ${base}`)[0]?.body).toEqual({
      group: 'buildingtaxonomy',
      name: 'Espoo',
      parentId: uusimaa.id,
    });
    expect(await screen.findByText('Taxonomy term created')).toBeTruthy();
  });

  it('deletes a term after a confirmation', async () => {
    const calls = api();
    renderAppAt(`/admin/taxonomy-terms/${helsinki.id}`, session);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(calls.to(`DELETE ${base}/${helsinki.id}`)).toHaveLength(1));
    await waitFor(() => expect(window.location.pathname).toBe('/admin/taxonomy-terms'));
    expect(await screen.findByText('Taxonomy term deleted')).toBeTruthy();
  });
});
