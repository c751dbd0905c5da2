import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../testing/fetch-mock';
import { housingCompany, IDS, meResponse } from '../../../testing/fixtures';
import { featuresOn, startSignedIn } from '../../../testing/signed-in';
import { neighbourList } from '../../community/testing/community-fixtures';
import { listPage, serviceRequest, srqId } from '../../service-requests/testing/service-request-fixtures';

const NEIGHBOUR = '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c11';

const ownRequest = serviceRequest({ id: srqId(1), subject: 'Dripping kitchen tap', statusKey: 'inprogress' });
const otherApartment = serviceRequest({
  id: srqId(2),
  subject: 'Broken door in staircase C',
  sender: { id: NEIGHBOUR, name: 'Niko Neighbour', tel: null, apartmentId: IDS.livingApt, apartment: 'C 1' },
});

/** Olivia in a living company, owner of A 1 and a board member of the company. */
const livingOwner = () =>
  meResponse({
    hcs: [
      housingCompany({
        state: 'living',
        completionDate: '2020-01-01',
        roles: ['boardMember'],
      }),
    ],
  });

describe('/my-apartment', () => {
  it('shows an owner their apartment, the areas whose features are on and the apartment’s service requests', async () => {
    const app = startSignedIn('/my-apartment', {
      me: livingOwner(),
      features: featuresOn('documentsv2', 'consumption', 'warranty', 'service-requests', 'neighbours'),
      routes: {
        'GET /api/service-requests/requests': json(listPage([ownRequest, otherApartment])),
        'GET /api/community/neighbours': json(
          neighbourList([
            {
              id: IDS.demoApt,
              no: 'A 1',
              residents: [
                { id: IDS.user, firstName: 'Olivia' },
                { id: NEIGHBOUR, firstName: 'Oskar' },
              ],
            },
          ]),
        ),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'My apartment' });
    await waitFor(() => expect(document.title).toBe('My apartment - Porta'));

    const home = screen.getByRole('article', { name: 'Apartment A 1' });
    const facts = Object.fromEntries(
      [...home.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(facts).toMatchObject({
      Staircase: 'A',
      'Apartment number': '1',
      'Your role': 'Owner',
      'In the housing company': 'Board member',
    });
    expect(facts['Housing company']).toContain('Porta Demo Gardens');
    expect(facts['Housing company']).toContain('Demokatu 1, Helsinki');
    // Others with access: the residents of the apartment in the neighbour list, not the user.
    const others = await within(home).findByRole('list', { name: 'Residents of apartment A 1' });
    expect(
      within(others)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Oskar']);

    const areas = screen.getByRole('region', { name: 'For your apartment' });
    expect(
      within(areas)
        .getAllByRole('link')
        .map((link) => [link.querySelector('span')?.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Documents', '/my-apartment/documents'],
      ['Warranty', '/apartment/warranty'],
      ['Consumption', '/my-apartment/consumption/water?initial=true'],
    ]);

    const requests = screen.getByRole('region', { name: 'Service requests of your apartment' });
    const list = await within(requests).findByRole('list', { name: 'Service requests of your apartment' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dripping kitchen tap']);
    expect(within(list).getByRole('link', { name: 'Dripping kitchen tap' }).getAttribute('href')).toBe(
      `/support/service-requests/${srqId(1)}`,
    );
    expect(within(list).getByText('In progress')).toBeTruthy();
    expect(app.calls()).toContain(
      `GET /api/service-requests/requests?housingCompanyId=${IDS.demoHc}&filter=all&skip=0&limit=100&lang=en`,
    );
  });

  it('hides the areas whose feature is off, warranty before the company is lived in, and asks for nothing it hides', async () => {
    const app = startSignedIn('/my-apartment', { features: featuresOn('warranty', 'material-selection') });
    await screen.findByRole('article', { name: 'Apartment A 1' });
    const areas = screen.getByRole('region', { name: 'For your apartment' });
    // The demo company is under construction: material selection, no warranty yet.
    expect(
      within(areas)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/material-selection']);
    expect(screen.queryByRole('region', { name: 'Service requests of your apartment' })).toBeNull();
    expect(screen.queryByText('Others in this apartment')).toBeNull();
    expect(app.calls().some((c) => c.startsWith('GET /api/service-requests'))).toBe(false);
    expect(app.calls().some((c) => c.startsWith('GET /api/community/neighbours'))).toBe(false);
    // Apartments in the user's other housing companies, and the way to switch.
    const elsewhere = screen.getByRole('region', { name: 'Your homes in other housing companies' });
    expect(within(elsewhere).getByText('Apartment B 2, As Oy Living')).toBeTruthy();
  });

  it('offers the report of a fault when the apartment has no service requests', async () => {
    startSignedIn('/my-apartment', {
      me: livingOwner(),
      features: featuresOn('service-requests'),
      routes: { 'GET /api/service-requests/requests': json(listPage([otherApartment])) },
    });
    const requests = await screen.findByRole('region', { name: 'Service requests of your apartment' });
    expect(await within(requests).findByText('No service requests yet')).toBeTruthy();
    expect(within(requests).getByRole('link', { name: 'Report a fault' }).getAttribute('href')).toBe(
      '/support/service-requests/new',
    );
    expect(screen.queryByRole('region', { name: 'For your apartment' })).toBeNull();
  });

  it('is in the main navigation of a living company for a user with an apartment there', async () => {
    const app = startSignedIn('/', { me: livingOwner() });
    await app.user.click(await screen.findByRole('button', { name: 'Menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Main navigation' });
    expect(within(drawer).getByRole('link', { name: 'My apartment' }).getAttribute('href')).toBe(
      '/my-apartment',
    );
  });
});
