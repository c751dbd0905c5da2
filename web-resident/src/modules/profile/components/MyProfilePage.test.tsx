import type { MeUser } from '@porta/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, problem, type RecordedRequest } from '../../../testing/fetch-mock';
import { meResponse } from '../../../testing/fixtures';
import { startSignedIn } from '../../../testing/signed-in';

const details = (region = 'My profile') =>
  Object.fromEntries(
    within(screen.getByRole('region', { name: region }))
      .getAllByRole('term')
      .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
  );

describe('/my-profile', () => {
  it('shows the profile and saves changes with PUT /me/profile', async () => {
    const me = meResponse();
    const app = startSignedIn('/my-profile', {
      me,
      routes: {
        'PUT /api/identity/me/profile': (request: RecordedRequest) => {
          const body = request.body as Partial<MeUser>;
          return json({ ...me.user, ...body });
        },
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'My profile' });
    await waitFor(() => expect(document.title).toBe('My profile - Porta'));
    expect(details()).toMatchObject({
      'First name': 'Olivia',
      'Last name': 'Owner',
      'E-mail': 'owner@demo.porta.test',
      Phone: '+358 40 123 4567',
      Language: 'English',
      Gender: 'Not specified',
      'Public profile': 'No',
    });

    await app.user.click(screen.getByRole('button', { name: 'Edit profile' }));
    const firstName = screen.getByLabelText('First name');
    await app.user.clear(firstName);
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('This field is required')).toBeTruthy();
    expect(document.activeElement).toBe(firstName);
    expect(app.calls()).not.toContain('PUT /api/identity/me/profile');

    await app.user.type(firstName, ' Liv ');
    await app.user.clear(screen.getByLabelText('Phone'));
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Svenska');
    await app.user.click(screen.getByRole('radio', { name: 'Female' }));
    await app.user.click(screen.getByRole('checkbox', { name: 'Show my name to other residents' }));
    await app.user.click(screen.getByRole('button', { name: 'Save' }));

    // Saved in Swedish: the interface follows the new language.
    expect(await screen.findByText('Din profil har sparats.')).toBeTruthy();
    expect(app.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      firstName: 'Liv',
      lastName: 'Owner',
      phone: '',
      locale: 'sv_FI',
      publicProfile: true,
      male: false,
    });
    expect(details('Min profil')).toMatchObject({
      Förnamn: 'Liv',
      Språk: 'Svenska',
      Kön: 'Kvinna',
      'Offentlig profil': 'Ja',
    });
    // The header shows the new name at once.
    expect(within(screen.getByRole('banner')).getByRole('button', { name: /Liv Owner/ })).toBeTruthy();
  });

  it('shows a refusal of the server and keeps the form', async () => {
    const app = startSignedIn('/my-profile', {
      routes: {
        'PUT /api/identity/me/profile': problem(400, 'VALIDATION_FAILED', 'Invalid', [
          { path: '/lastName', message: 'Too long' },
        ]),
      },
    });
    await app.user.click(await screen.findByRole('button', { name: 'Edit profile' }));
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Too long')).toBeTruthy();
    expect(screen.getByLabelText('Last name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe(
      'Error on validating the form. Please check you have entered value on each required field.',
    );
  });

  it('cannot be edited by a partner-only user (01 §6)', async () => {
    startSignedIn('/my-profile', {
      me: meResponse(
        { hcs: [], selectedHousingCompanyId: null, selectedApartmentId: null },
        { roles: ['partner'], isBusinessPartner: true },
      ),
    });
    await screen.findByRole('heading', { level: 1, name: 'My profile' });
    expect(screen.getByText('Partner users cannot edit their profile.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit profile' })).toBeNull();
  });

  it('/profile leads to /my-profile', async () => {
    const app = startSignedIn('/profile');
    await screen.findByRole('heading', { level: 1, name: 'My profile' });
    expect(app.path()).toBe('/my-profile');
  });
});
