import { SessionClient } from '@porta/web-kit';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  adminUser,
  apartment,
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

const harbour = housingCompany(1, { name: 'Harbour View' });
const a1 = apartment(1, harbour.id, { aptext: 'HV-A1', no: 'A 1' });
const created = adminUser(9, { email: 'new.owner@example.com', firstName: 'Nina', lastName: 'New' });

function api(create: (request: SentRequest) => Response) {
  return mockFetch({
    'GET /api/identity/me': () => json(meOf(['admin'])),
    'GET /api/identity/admin/housing-companies': () => listOf('housing-companies', [harbour]),
    'GET /api/identity/admin/apartments': () => listOf('apartments', [a1]),
    'POST /api/identity/admin/users': create,
    [`GET /api/identity/admin/users/${created.id}`]: () => json(created),
  });
}

beforeEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  session = new SessionClient('', window.localStorage);
  session.accept(tokens(1));
});

async function fillUser(user: ReturnType<typeof userEvent.setup>) {
  await fill(user, await screen.findByRole('textbox', { name: /^E-mail/ }), 'new.owner@example.com');
  await fill(user, screen.getByRole('textbox', { name: /^First name/ }), 'Nina');
  await fill(user, screen.getByRole('textbox', { name: /^Last name/ }), 'New');
  await fill(user, screen.getByRole('textbox', { name: /^Phone/ }), '+358 40 123 4567');
  await fill(user, screen.getByRole('textbox', { name: /^External id/ }), 'CRM-42');
}

describe('creating a user', () => {
  it('posts the user with a first apartment role and opens the new user', async () => {
    const calls = api(() => json(created, 201));
    renderAppAt('/admin/users/create', session);
    const user = userEvent.setup();

    await fillUser(user);
    await user.click(screen.getByRole('radio', { name: 'Role in an apartment' }));
    await fill(user, await screen.findByRole('combobox', { name: /^Housing company/ }), 'Harbour');
    await user.click(await screen.findByRole('option', { name: 'Harbour View' }));
    await user.click(screen.getByRole('combobox', { name: /^Apartment/ }));
    await user.click(await screen.findByRole('option', { name: 'HV-A1' }));
    await fill(user, screen.getByLabelText('Valid from'), '2026-06-01');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.to('POST /api/identity/admin/users')).toHaveLength(1));
    expect(calls.to('POST /api/identity/admin/users')[0]?.body).toEqual({
      email: 'new.owner@example.com',
      firstName: 'Nina',
      lastName: 'New',
      phone: '+358 40 123 4567',
      locale: 'en_US',
      externalId: 'CRM-42',
      publicProfile: false,
      apartmentRole: { apartmentId: a1.id, role: 'owner', validFrom: '2026-06-01' },
    });
    await waitFor(() => expect(window.location.pathname).toBe(`/admin/users/${created.id}/show`));
    expect(await screen.findByText('User created')).toBeTruthy();
  });

  it("shows the server's message when the external id is taken, and stays on the form", async () => {
    const calls = api(() => problem(409, 'IDN_EXTERNAL_ID_IN_USE', 'Provided external id already in use'));
    renderAppAt('/admin/users/create', session);
    const user = userEvent.setup();

    await fillUser(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Provided external id already in use')).toBeTruthy();
    expect(calls.to('POST /api/identity/admin/users')).toHaveLength(1);
    expect(calls.to('POST /api/identity/admin/users')[0]?.body).not.toHaveProperty('apartmentRole');
    expect(window.location.pathname).toBe('/admin/users/create');
  });

  it('shows field errors the server reports next to the field', async () => {
    api(() =>
      json(
        {
          type: 'about:blank',
          title: 'Error on validating the form. Please check you have entered value on each required field.',
          status: 400,
          code: 'VALIDATION_FAILED',
          errors: [{ path: 'body.email', message: 'Email address is invalid' }],
        },
        400,
      ),
    );
    renderAppAt('/admin/users/create', session);
    const user = userEvent.setup();

    await fillUser(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Email address is invalid')).toBeTruthy();
  });

  it('checks required fields before sending anything', async () => {
    const calls = api(() => json(created, 201));
    renderAppAt('/admin/users/create', session);
    const user = userEvent.setup();

    await fill(user, await screen.findByRole('textbox', { name: /^Phone/ }), '040 1');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findAllByText('Required')).toHaveLength(3);
    expect(calls.to('POST /api/identity/admin/users')).toHaveLength(0);
  });
});
