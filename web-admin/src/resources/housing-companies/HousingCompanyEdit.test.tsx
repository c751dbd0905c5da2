import type { Role } from '@porta/contracts';
import { SessionClient } from '@porta/web-kit';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  housingCompany,
  json,
  listOf,
  meOf,
  mockFetch,
  problem,
  type SentRequest,
  tokens,
} from '../../testing/fetch-mock';
import { fill, renderAppAt } from '../../testing/render-app';

let session: SessionClient;

const harbour = housingCompany(1, { name: 'Harbour View', hcExt: 'HV-1', addressZip: '00520' });
const route = `PUT /api/identity/admin/housing-companies/${harbour.id}`;

function api(
  roles: Role[],
  put: (request: SentRequest) => Response = (r) => json({ ...harbour, ...(r.body as object) }),
) {
  return mockFetch({
    'GET /api/identity/me': () => json(meOf(roles)),
    'GET /api/identity/admin/housing-companies': () => listOf('housing-companies', [harbour]),
    [`GET /api/identity/admin/housing-companies/${harbour.id}`]: () => json(harbour),
    'GET /api/identity/admin/taxonomy-terms': () => listOf('taxonomy-terms', []),
    [route]: put,
  });
}

beforeEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  session = new SessionClient('', window.localStorage);
  session.accept(tokens(1));
});

describe('editing a housing company', () => {
  it('saves the edited fields of every group and sends no derived or read-only field', async () => {
    const calls = api(['yitProject']);
    renderAppAt(`/admin/housing-companies/${harbour.id}`, session);
    const user = userEvent.setup();

    const name = await screen.findByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await fill(user, name, 'Harbour View Oy');
    await user.click(screen.getByRole('tab', { name: 'Address' }));
    await fill(user, await screen.findByRole('textbox', { name: /^Area/ }), 'Arabianranta');
    await user.click(screen.getByRole('tab', { name: 'Parking' }));
    await fill(user, await screen.findByRole('spinbutton', { name: /^Non-sellable parking places/ }), '4');
    await user.click(screen.getByRole('tab', { name: 'One4All' }));
    await user.click(await screen.findByRole('switch', { name: /Include all residents/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.to(route)).toHaveLength(1));
    const body = calls.to(route)[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Harbour View Oy',
      hcExt: 'HV-1',
      addressArea: 'Arabianranta',
      addressZip: '00520',
      numberOfNonSellableParkingPlaces: 4,
      one4allIncludeAllResidents: true,
    });
    for (const field of ['id', 'state', 'isDemo', 'propertyManagerCompanies', 'createdAt', 'updatedAt']) {
      expect(body).not.toHaveProperty(field);
    }
    await waitFor(() => expect(window.location.pathname).toBe(`/admin/housing-companies/${harbour.id}/show`));
  });

  it('refuses warranty dates out of order and a malformed zip code before sending', async () => {
    const calls = api(['yitProject']);
    renderAppAt(`/admin/housing-companies/${harbour.id}/warranty`, session);
    const user = userEvent.setup();

    await fill(user, await screen.findByLabelText('Repair meeting'), '2026-05-10');
    await fill(user, screen.getByLabelText('Repair plan informed'), '2026-05-01');
    await user.click(screen.getByRole('tab', { name: 'Address' }));
    const zip = await screen.findByRole('textbox', { name: /^Zip code/ });
    await user.clear(zip);
    await fill(user, zip, '0052A');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Zip code format such as 00520')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: /Warranty dates/ }));
    expect(await screen.findByText('This date must not be before the previous one')).toBeTruthy();
    expect(calls.to(route)).toHaveLength(0);
  });

  it("shows the server's message when the external id is taken", async () => {
    api(['yitProject'], () =>
      problem(409, 'IDN_HC_EXT_IN_USE', 'A housing company with this external id already exists.'),
    );
    renderAppAt(`/admin/housing-companies/${harbour.id}`, session);
    const user = userEvent.setup();

    const hcExt = await screen.findByRole('textbox', { name: /^External id/ });
    await user.clear(hcExt);
    await fill(user, hcExt, 'LC-1');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('A housing company with this external id already exists.')).toBeTruthy();
    expect(window.location.pathname).toBe(`/admin/housing-companies/${harbour.id}`);
  });

  it('is not offered to staff who may only read housing companies', async () => {
    const calls = api(['yitUser']);
    renderAppAt(`/admin/housing-companies/${harbour.id}/show`, session);

    expect(await screen.findByText('Harbour View')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Setup wizard' })).toBeNull();
    expect(calls.to(route)).toHaveLength(0);
  });
});
