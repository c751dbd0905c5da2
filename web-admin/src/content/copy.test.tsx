import { SessionClient } from '@porta/web-kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  housingCompany,
  json,
  listOf,
  meOf,
  mockFetch,
  type SentRequest,
  tokens,
} from '../testing/fetch-mock';
import { renderAppAt } from '../testing/render-app';
import { article, problemWith } from './testing';

let session: SessionClient;

const companies = [1, 2, 3, 4, 5, 6].map((n) => housingCompany(n, { name: `Company ${n}` }));
const first = article(1, { title: 'Water cut' });
const second = article(2, { title: 'Sauna' });
const COPY = '/api/content/admin/copy/articles';

function api(copy: (request: SentRequest) => Response) {
  return mockFetch({
    'GET /api/identity/me': () => json(meOf(['yitMarketing'])),
    'GET /api/identity/admin/housing-companies': (request) => {
      const filter = JSON.parse(request.query.get('filter') ?? '{}') as { id?: string[] };
      return listOf(
        'housing-companies',
        companies.filter((hc) => !filter.id || filter.id.includes(hc.id)),
      );
    },
    'GET /api/content/admin/articles': () => listOf('articles', [first, second]),
    [`POST ${COPY}`]: copy,
  });
}

beforeEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  session = new SessionClient('', window.localStorage);
  session.accept(tokens(1));
});

async function openCopyDialog(user: ReturnType<typeof userEvent.setup>) {
  const table = await screen.findByRole('table');
  const rows = within(table).getAllByRole('row').slice(1);
  await user.click(within(rows[0]!).getByRole('checkbox'));
  await user.click(within(rows[1]!).getByRole('checkbox'));
  await user.click(screen.getByRole('button', { name: 'Copy to housing companies' }));
  return screen.findByRole('dialog', { name: 'Copy to housing companies' });
}

async function choose(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, name: string) {
  await user.click(within(dialog).getByLabelText(/^Housing companies/));
  await user.click(await screen.findByRole('option', { name }));
}

describe('copy to housing companies (bulk action)', () => {
  it('copies the selected items to at most five housing companies; a sixth cannot be chosen', async () => {
    const calls = api((request) => {
      const body = request.body as { ids: string[]; housingCompanyIds: string[] };
      return json(
        {
          copies: body.ids.flatMap((sourceId, i) =>
            body.housingCompanyIds.map((housingCompanyId, j) => ({
              sourceId,
              housingCompanyId,
              id: `c0b1e500-0000-4c1e-8f5e-${String(i * 10 + j).padStart(12, '0')}`,
            })),
          ),
        },
        201,
      );
    });
    renderAppAt('/admin/news', session);
    const user = userEvent.setup();

    const dialog = await openCopyDialog(user);
    expect(within(dialog).getByText('2 items are copied.')).toBeTruthy();
    for (const n of [1, 2, 3, 4, 5]) await choose(user, dialog, `Company ${n}`);

    expect(
      within(dialog).getByText('At most 5 housing companies at once: remove one to choose another.'),
    ).toBeTruthy();
    await user.click(within(dialog).getByLabelText(/^Housing companies/));
    const sixth = await screen.findByRole('option', { name: 'Company 6' });
    expect(sixth.getAttribute('aria-disabled')).toBe('true');
    await user.keyboard('{Escape}');

    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(calls.to(`POST ${COPY}`)).toHaveLength(1));
    expect(calls.to(`POST ${COPY}`)[0]!.body).toEqual({
      ids: [first.id, second.id],
      housingCompanyIds: companies.slice(0, 5).map((hc) => hc.id),
      status: 'draft',
    });
    expect(await screen.findByText('10 copies made')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    const calls = api(() =>
      problemWith(403, 'CNT_TARGET_OUT_OF_SCOPE', 'You can publish only to housing companies you manage.'),
    );
    renderAppAt('/admin/news', session);
    const user = userEvent.setup();

    const dialog = await openCopyDialog(user);
    await choose(user, dialog, 'Company 6');
    await user.click(within(dialog).getByRole('radio', { name: 'keep the status and publication times' }));
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));

    expect(
      await within(dialog).findByText('You can publish only to housing companies you manage.'),
    ).toBeTruthy();
    expect((calls.to(`POST ${COPY}`)[0]!.body as { status: string }).status).toBe('same');
  });

  it('needs at least one housing company before sending', async () => {
    const calls = api(() => json({ copies: [] }, 201));
    renderAppAt('/admin/news', session);
    const user = userEvent.setup();

    const dialog = await openCopyDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));

    expect(await within(dialog).findByText('Choose at least one housing company')).toBeTruthy();
    expect(calls.to(`POST ${COPY}`)).toHaveLength(0);
  });
});

describe('copy page (/admin/content/copy/{entity})', () => {
  it('copies the items named in the address', async () => {
    const calls = api(() => json({ copies: [] }, 201));
    renderAppAt(`/admin/content/copy/articles?ids=${first.id}`, session);
    const user = userEvent.setup();

    expect(await screen.findByText('1 item is copied.')).toBeTruthy();
    await user.click(screen.getByLabelText(/^Housing companies/));
    await user.click(await screen.findByRole('option', { name: 'Company 2' }));
    await user.click(screen.getByRole('button', { name: 'Copy' }));

    await waitFor(() => expect(calls.to(`POST ${COPY}`)).toHaveLength(1));
    expect(calls.to(`POST ${COPY}`)[0]!.body).toEqual({
      ids: [first.id],
      housingCompanyIds: [companies[1]!.id],
      status: 'draft',
    });
    expect(await screen.findByRole('link', { name: 'Back to the list' })).toBeTruthy();
  });

  it('points to the list when no items are named', async () => {
    api(() => json({ copies: [] }, 201));
    renderAppAt('/admin/content/copy/steps', session);
    expect(await screen.findByText('Choose the items to copy in the list.')).toBeTruthy();
  });
});
