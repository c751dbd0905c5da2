import type { MeResponse, MyHousingCompany } from '@porta/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, problem, type RecordedRequest } from '../../../testing/fetch-mock';
import { features, housingCompany, IDS, meResponse, storeSession } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { housingCompanyDataKey } from '../hooks/housing-company-data';

const SWITCH = 'PUT /api/identity/me/housing-company';
const uuid = (n: number) => `3f4e5d6c-7a8b-4c9d-8e0f-${String(n).padStart(12, '0')}`;

/**
 * A small identity service over the fetch mock: GET /me answers the current selection, the PUT
 * changes it (or answers with `switchReply` when given).
 */
function identityServer(initial: MeResponse, switchReply?: () => Response) {
  let me = initial;
  const mock = mockFetch({
    'GET /api/identity/me': () => json(me),
    'GET /api/identity/features': () => json(features),
    [SWITCH]: (request: RecordedRequest) => {
      if (switchReply) return switchReply();
      const body = request.body as { housingCompanyId: string; apartmentId?: string | null };
      me = {
        ...me,
        selectedHousingCompanyId: body.housingCompanyId,
        selectedApartmentId: body.apartmentId ?? null,
      };
      return json(me);
    },
  });
  return { ...mock, puts: () => mock.requests.filter((r) => `${r.method} ${r.path}` === SWITCH) };
}

function start(me: MeResponse, switchReply?: () => Response) {
  storeSession();
  const server = identityServer(me, switchReply);
  const view = renderApp('/');
  return { ...server, ...view, user: userEvent.setup() };
}

const manyCompanies = (count: number): MyHousingCompany[] =>
  Array.from({ length: count }, (_, i) =>
    housingCompany({
      id: i === 0 ? IDS.demoHc : uuid(i),
      hcExt: `HC-${i}`,
      name: i === 0 ? 'As Oy Demo Porta' : `As Oy Koivu ${i}`,
      marketingName: null,
      addressStreet: i === 7 ? 'Mannerheimintie 7' : `Puistotie ${i}`,
      isDemo: i === 0,
      apts: [{ id: uuid(100 + i), no: `A ${i}`, externalName: null, aptext: `HC-${i}-A`, roles: ['owner'] }],
    }),
  );

async function openSwitcher(
  user: ReturnType<typeof userEvent.setup>,
  name = /Housing company: Porta Demo Gardens/,
) {
  const button = await screen.findByRole('button', { name });
  await user.click(button);
  expect(button.getAttribute('aria-expanded')).toBe('true');
  return button;
}

describe('housing-company switcher', () => {
  it('shows plain text, no switcher, with one company and one apartment', async () => {
    start(meResponse({ hcs: [housingCompany()] }));
    const header = await screen.findByRole('banner');
    expect(await within(header).findByText('Porta Demo Gardens')).toBeTruthy();
    expect(within(header).queryByRole('button', { name: /Housing company:/ })).toBeNull();
  });

  it('lists the companies demo first, switches with the right PUT, updates header and dashboard, goes to /', async () => {
    const app = start(meResponse());
    const button = await openSwitcher(app.user);
    const group = screen.getByRole('group', { name: 'Your housing companies' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')?.textContent)).toEqual([
      'Porta Demo Gardens',
      'As Oy Living',
    ]);
    expect((screen.getByRole('radio', { name: 'Porta Demo Gardens' }) as HTMLInputElement).checked).toBe(
      true,
    );
    // No search with two companies; nothing to change yet.
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect((screen.getByRole('button', { name: 'Change' }) as HTMLButtonElement).disabled).toBe(true);

    await app.user.click(screen.getByRole('radio', { name: 'As Oy Living' }));
    await app.user.click(screen.getByRole('button', { name: 'Change' }));

    await screen.findByRole('button', { name: 'Housing company: As Oy Living' });
    expect(app.puts().map((r) => r.body)).toEqual([
      { housingCompanyId: IDS.livingHc, apartmentId: IDS.livingApt },
    ]);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('radio')).toBeNull();
    const card = await screen.findByRole('region', { name: 'Your housing company' });
    expect(within(card).getByText('As Oy Living')).toBeTruthy();
    expect(within(card).getByText('Apartment B 2')).toBeTruthy();
    await waitFor(() => expect(app.path()).toBe('/'));
    // /me is fetched again after the switch, and the new company's features.
    await waitFor(() => {
      const calls = app.calls();
      const put = calls.indexOf(SWITCH);
      expect(calls.slice(put + 1)).toContain('GET /api/identity/me');
      expect(calls.slice(put + 1)).toContain(`GET /api/identity/features?housingCompanyId=${IDS.livingHc}`);
    });
  });

  it('drops the data areas of the previous housing company on a switch (01 §4)', async () => {
    const app = start(meResponse());
    await openSwitcher(app.user);
    const news = housingCompanyDataKey(IDS.demoHc, 'news');
    app.queryClient.setQueryData(news, ['an article of the demo company']);
    await app.user.click(screen.getByRole('radio', { name: 'As Oy Living' }));
    await app.user.click(screen.getByRole('button', { name: 'Change' }));
    await screen.findByRole('button', { name: 'Housing company: As Oy Living' });
    await waitFor(() => expect(app.queryClient.getQueryData(news)).toBeUndefined());
  });

  it('offers the apartments of the chosen company and sends the chosen one', async () => {
    const twoApartments = housingCompany({
      id: IDS.livingHc,
      hcExt: 'LIV-1',
      name: 'As Oy Living',
      marketingName: null,
      isDemo: false,
      apts: [
        { id: IDS.livingApt, no: 'B 2', externalName: null, aptext: 'LIV-1-B2', roles: ['tenant'] },
        { id: uuid(55), no: 'C 5', externalName: 'Penthouse C 5', aptext: 'LIV-1-C5', roles: ['owner'] },
      ],
    });
    const app = start(meResponse({ hcs: [housingCompany(), twoApartments] }));
    await openSwitcher(app.user);
    // The demo company has one apartment: no choice to make.
    expect(screen.queryByRole('combobox', { name: 'Apartment' })).toBeNull();
    await app.user.click(screen.getByRole('radio', { name: 'As Oy Living' }));
    const apartment = screen.getByRole('combobox', { name: 'Apartment' }) as HTMLSelectElement;
    expect(
      within(apartment)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['B 2', 'Penthouse C 5']);
    expect(apartment.value).toBe(IDS.livingApt);
    await app.user.selectOptions(apartment, 'Penthouse C 5');
    await app.user.click(screen.getByRole('button', { name: 'Change' }));

    await screen.findByRole('button', { name: 'Housing company: As Oy Living' });
    expect(app.puts().map((r) => r.body)).toEqual([
      { housingCompanyId: IDS.livingHc, apartmentId: uuid(55) },
    ]);
    expect(await screen.findByText('Apartment Penthouse C 5')).toBeTruthy();
  });

  it('is shown for a single company with an apartment choice', async () => {
    const hc = housingCompany({
      apts: [
        { id: IDS.demoApt, no: 'A 1', externalName: null, aptext: 'DEMO-1-A1', roles: ['owner'] },
        { id: uuid(9), no: 'A 9', externalName: null, aptext: 'DEMO-1-A9', roles: ['owner'] },
      ],
    });
    const app = start(meResponse({ hcs: [hc] }));
    await openSwitcher(app.user);
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Apartment' }), 'A 9');
    await app.user.click(screen.getByRole('button', { name: 'Change' }));
    expect(await screen.findByText('Apartment A 9')).toBeTruthy();
    expect(app.puts().map((r) => r.body)).toEqual([{ housingCompanyId: IDS.demoHc, apartmentId: uuid(9) }]);
  });

  it('has no search box with exactly 10 companies', async () => {
    const app = start(meResponse({ hcs: manyCompanies(10) }));
    await openSwitcher(app.user, /Housing company: As Oy Demo Porta/);
    expect(screen.getAllByRole('radio')).toHaveLength(10);
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('with 11 companies has a search box filtering by name or street, case-insensitively', async () => {
    const app = start(meResponse({ hcs: manyCompanies(11) }));
    await openSwitcher(app.user, /Housing company: As Oy Demo Porta/);
    const search = screen.getByRole('searchbox', { name: 'Search by name or street' });
    expect(screen.getAllByRole('radio')).toHaveLength(11);

    await app.user.type(search, 'KOIVU 1');
    expect(screen.getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual([
      'As Oy Koivu 1',
      'As Oy Koivu 10',
    ]);

    await app.user.clear(search);
    await app.user.type(search, 'mannerHEIM');
    expect(screen.getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual([
      'As Oy Koivu 7',
    ]);

    await app.user.clear(search);
    await app.user.type(search, 'nowhere');
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByText('No housing companies found')).toBeTruthy();

    await app.user.clear(search);
    await app.user.type(search, 'koivu 7');
    await app.user.click(screen.getByRole('radio', { name: 'As Oy Koivu 7' }));
    await app.user.click(screen.getByRole('button', { name: 'Change' }));
    await screen.findByRole('button', { name: 'Housing company: As Oy Koivu 7' });
    expect(app.puts().map((r) => r.body)).toEqual([{ housingCompanyId: uuid(7), apartmentId: uuid(107) }]);
  });

  it('on a failed switch closes the dropdown, clears the search, keeps the company and says so', async () => {
    const app = start(meResponse({ hcs: manyCompanies(11) }), () =>
      problem(404, 'IDN_HOUSING_COMPANY_NOT_FOUND', 'Housing company could not be retrieved'),
    );
    const button = await openSwitcher(app.user, /Housing company: As Oy Demo Porta/);
    await app.user.type(screen.getByRole('searchbox'), 'koivu 3');
    await app.user.click(screen.getByRole('radio', { name: 'As Oy Koivu 3' }));
    await app.user.click(screen.getByRole('button', { name: 'Change' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Changing the housing company failed. Housing company could not be retrieved',
    );
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('radio')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-label')).toBe('Housing company: As Oy Demo Porta');
    expect(app.path()).toBe('/');

    // Opening again: the search is empty and every company is listed, the current one chosen.
    await app.user.click(button);
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('');
    expect(screen.getAllByRole('radio')).toHaveLength(11);
    expect((screen.getByRole('radio', { name: 'As Oy Demo Porta' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('closes on Escape with focus back on the button, without switching', async () => {
    const app = start(meResponse({ hcs: manyCompanies(11) }));
    const button = await openSwitcher(app.user, /Housing company: As Oy Demo Porta/);
    await app.user.type(screen.getByRole('searchbox'), 'koivu');
    await app.user.click(screen.getByRole('radio', { name: 'As Oy Koivu 2' }));
    await app.user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('radio')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(app.puts()).toHaveLength(0);

    // Keyboard only: Enter opens, the search keeps focus reachable, Escape closes again.
    await app.user.keyboard('{Enter}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('');
    await app.user.tab();
    expect(document.activeElement).toBe(screen.getByRole('searchbox'));
    await app.user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('/change-housing-company goes to the front page and fetches the user again', async () => {
    storeSession();
    const server = identityServer(meResponse());
    const view = renderApp('/change-housing-company');
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Olivia' });
    await waitFor(() => expect(view.path()).toBe('/'));
    await waitFor(() => expect(server.calls().filter((c) => c === 'GET /api/identity/me')).toHaveLength(2));
  });
});
