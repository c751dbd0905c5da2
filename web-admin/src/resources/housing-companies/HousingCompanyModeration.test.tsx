import type { AdminReport, HousingCompanyBan } from '@porta/contracts';
import { SessionClient } from '@porta/web-kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification } from 'react-admin';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createAuthProvider } from '../../auth/auth-provider';
import { createDataProvider } from '../../data/data-provider';
import { createHttpClient } from '../../data/http-client';
import { createI18nProvider } from '../../i18n/i18n-provider';
import {
  type Handler,
  housingCompany,
  json,
  listOf,
  meOf,
  mockFetch,
  myHousingCompany,
  problem,
  tokens,
} from '../../testing/fetch-mock';
import { renderStyled } from '../../testing/styles';
import { HousingCompanyModeration } from './HousingCompanyModeration';

let session: SessionClient;

const linden = housingCompany(1, { name: 'Linden Court' });
const REPORTS = '/api/community/admin/reports';
const BANS = `/api/identity/admin/housing-companies/${linden.id}/bans`;
const TIMO = '0195f0a0-0000-7000-8000-0000000000a1';
const OLGA = '0195f0a0-0000-7000-8000-0000000000a2';

function report(n: number, overrides: Partial<AdminReport> = {}): AdminReport {
  return {
    id: `0195f0a0-0000-7000-8000-${String(n).padStart(12, '0')}`,
    createdAt: `2026-11-${String(10 + n).padStart(2, '0')}T08:15:00.000Z`,
    housingCompanyId: linden.id,
    hcExt: linden.hcExt,
    housingCompanyName: 'Linden Court',
    targetObject: '0195f0a0-0000-7000-8000-0000000000c1',
    targetType: 'comment',
    targetHref: `/community/public-discussions/x?_hc=${linden.hcExt}`,
    reportType: 'racist_or_discriminatory_content',
    description: `Report ${n}`,
    reporterId: '0195f0a0-0000-7000-8000-0000000000b1',
    reporterFirstName: 'Olga',
    state: 'open',
    handledAt: null,
    handledBy: null,
    handledByFirstName: null,
    handledHow: null,
    ...overrides,
  };
}

function ban(n: number, overrides: Partial<HousingCompanyBan> = {}): HousingCompanyBan {
  return {
    id: `0195f0a0-0000-7000-8000-0000000001${String(n).padStart(2, '0')}`,
    userId: TIMO,
    housingCompanyId: linden.id,
    housingCompanyName: 'Linden Court',
    expiryDate: '2026-12-31',
    expiresAt: '2027-01-01T00:00:00.000Z',
    reason: 'Rude comments',
    active: true,
    createdBy: '7d6f2a52-2f4a-4a53-9a3e-1a1c3f9d0001',
    createdAt: '2026-11-20T08:00:00.000Z',
    userFirstName: 'Timo',
    userLastName: 'Tenant',
    createdByName: 'Bea Business',
    ...overrides,
  };
}

const OPEN = [report(2), report(1)];
const HANDLED = [
  report(3, { state: 'handled', handledAt: '2026-11-21T09:00:00.000Z', handledHow: 'marked' }),
];

/** The reports answer by the state filter sent; the bans as given (a function: current ones). */
function api(
  me: ReturnType<typeof meOf>,
  bans: () => HousingCompanyBan[],
  extra: Record<string, Handler> = {},
) {
  return mockFetch({
    'GET /api/identity/me': () => json(me),
    [`GET ${REPORTS}`]: (request) => {
      const filter = JSON.parse(request.query.get('filter') ?? '{}') as { state?: string };
      const range = JSON.parse(request.query.get('range') ?? '[0,9]') as [number, number];
      const all =
        filter.state === 'open' ? OPEN : filter.state === 'handled' ? HANDLED : [...HANDLED, ...OPEN];
      // The count of open ones asks for one row.
      return listOf('reports', all.slice(range[0], range[1] + 1), all.length);
    },
    [`GET ${BANS}`]: () => json(bans()),
    ...extra,
  });
}

function renderModeration() {
  const httpClient = createHttpClient(session);
  return renderStyled(
    <MemoryRouter initialEntries={[`/admin/housing-companies/${linden.id}/show/moderation`]}>
      <AdminContext
        basename="/admin"
        authProvider={createAuthProvider(session)}
        dataProvider={createDataProvider(httpClient)}
        i18nProvider={createI18nProvider('en')}
      >
        <HousingCompanyModeration housingCompanyId={linden.id} />
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

const reportFilters = (calls: ReturnType<typeof api>) =>
  calls.to(`GET ${REPORTS}`).map((r) => JSON.parse(r.query.get('filter')!) as Record<string, string>);

beforeEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  session = new SessionClient('', window.localStorage);
  session.accept(tokens(1));
});

describe('housing company moderation tab', () => {
  it("lists the company's open reports with their count and links, and filters handled ones and all", async () => {
    const calls = api(meOf(['yitBusinessAdmin']), () => []);
    renderModeration();
    const user = userEvent.setup();

    const reports = await screen.findByRole('region', { name: 'Violation reports' });
    expect(await within(reports).findByText('Open: 2')).toBeTruthy();
    const table = await within(reports).findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Report 2')).toBeTruthy();
    expect(within(rows[0]!).getByText('Racist or discriminatory content')).toBeTruthy();
    const link = within(rows[0]!).getByRole('link', { name: '12.11.2026 10:15' });
    expect(link.getAttribute('href')).toBe(`/admin/community-reports/${OPEN[0]!.id}/show`);
    expect(reportFilters(calls)).toContainEqual({ housingCompanyId: linden.id, state: 'open' });

    await user.click(within(reports).getByRole('button', { name: 'All' }));
    await waitFor(() => expect(reportFilters(calls).at(-1)).toEqual({ housingCompanyId: linden.id }));
    // Open ones first, then the handled one.
    await waitFor(() =>
      expect(within(within(reports).getByRole('table')).getAllByRole('row')).toHaveLength(4),
    );
    const all = within(within(reports).getByRole('table')).getAllByRole('row').slice(1);
    expect(all.map((row) => within(row).getByText(/^Report \d$/).textContent)).toEqual([
      'Report 2',
      'Report 1',
      'Report 3',
    ]);
    expect(within(all[2]!).getByText('Handled')).toBeTruthy();

    await user.click(within(reports).getByRole('button', { name: 'Handled' }));
    await waitFor(() =>
      expect(reportFilters(calls).at(-1)).toEqual({ housingCompanyId: linden.id, state: 'handled' }),
    );
    await waitFor(() => expect(within(reports).queryByText('Report 2')).toBeNull());
    expect(within(reports).getByText('Report 3')).toBeTruthy();
    expect(within(reports).getByRole('button', { name: 'Handled' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('lists the bans in force; business admin unbans after confirming', async () => {
    let bans = [
      ban(1, { housingCompanyId: null, housingCompanyName: null, reason: null, expiryDate: '2026-12-01' }),
      ban(2, { userId: OLGA, userFirstName: 'Olga', userLastName: 'Owner' }),
    ];
    const calls = api(meOf(['yitBusinessAdmin']), () => bans, {
      [`DELETE /api/identity/admin/users/${OLGA}/bans/${ban(2).id}`]: () => {
        bans = bans.filter((b) => b.id !== ban(2).id);
        return new Response(null, { status: 204 });
      },
    });
    renderModeration();
    const user = userEvent.setup();

    const section = await screen.findByRole('region', { name: 'Bans in force' });
    const table = await within(section).findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByRole('link', { name: 'Timo Tenant' }).getAttribute('href')).toBe(
      `/admin/users/${TIMO}/show`,
    );
    expect(within(rows[0]!).getByText('Everywhere')).toBeTruthy();
    expect(within(rows[0]!).getByText('01.12.2026')).toBeTruthy();
    expect(within(rows[1]!).getByText('This housing company')).toBeTruthy();
    expect(within(rows[1]!).getByText('Rude comments')).toBeTruthy();
    expect(within(rows[1]!).getByText('Bea Business')).toBeTruthy();

    await user.click(within(rows[1]!).getByRole('button', { name: 'Unban Olga Owner' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Unban Olga Owner?')).toBeTruthy();
    expect(within(dialog).getByText('The ban of Olga Owner (This housing company) ends now.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(calls.to(`DELETE /api/identity/admin/users/${OLGA}/bans/${ban(2).id}`)).toHaveLength(1),
    );
    expect(await screen.findByText('Olga Owner is no longer banned')).toBeTruthy();
    await waitFor(() => expect(within(section).queryByText('Olga Owner')).toBeNull());
    expect(within(section).getByText('Timo Tenant')).toBeTruthy();
    expect(calls.to(`GET ${BANS}`).length).toBeGreaterThanOrEqual(2);
  });

  it('shows empty states, and no unban to staff who may not ban', async () => {
    mockFetch({
      'GET /api/identity/me': () => json(meOf(['yitUser'])),
      [`GET ${REPORTS}`]: () => listOf('reports', []),
      [`GET ${BANS}`]: () => json([]),
    });
    const { unmount } = renderModeration();
    expect(await screen.findByText('No reports')).toBeTruthy();
    expect(await screen.findByText('No one is banned')).toBeTruthy();
    expect(await screen.findByText('Open: 0')).toBeTruthy();
    unmount();

    api(meOf(['yitUser']), () => [ban(1)]);
    renderModeration();
    const section = await screen.findByRole('region', { name: 'Bans in force' });
    expect(await within(section).findByText('Timo Tenant')).toBeTruthy();
    expect(within(section).queryByRole('button', { name: /Unban/ })).toBeNull();
  });

  it('says when the bans could not be loaded, and shows a maintenance manager only the bans', async () => {
    api(meOf(['yitUser']), () => [], {
      [`GET ${BANS}`]: () => problem(500, 'INTERNAL', 'Internal error'),
    });
    const { unmount } = renderModeration();
    const section = await screen.findByRole('region', { name: 'Bans in force' });
    expect(await within(section).findByText('Content could not be loaded. Please refresh.')).toBeTruthy();
    unmount();

    // A maintenance manager reads the company's users but does not moderate its community.
    const calls = api(meOf([], {}, [myHousingCompany(1, ['maintenanceManager'])]), () => []);
    renderModeration();
    expect(await screen.findByText('No one is banned')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Violation reports' })).toBeNull();
    expect(calls.to(`GET ${REPORTS}`)).toHaveLength(0);
  });
});
