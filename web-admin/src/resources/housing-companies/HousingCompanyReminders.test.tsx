import type { HousingCompanyRegistration, RegistrationRemindersResponse } from '@porta/contracts';
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
import { housingCompany, json, meOf, mockFetch, tokens } from '../../testing/fetch-mock';
import { renderStyled } from '../../testing/styles';
import { HousingCompanyReminders } from './HousingCompanyReminders';

let session: SessionClient;

const linden = housingCompany(1, { name: 'Linden Court' });
const LIST = `/api/identity/admin/housing-companies/${linden.id}/registration`;
const SEND = `/api/identity/admin/housing-companies/${linden.id}/registration-reminders`;
const ANNA = '0195f0a0-0000-7000-8000-0000000000a1';
const BRUNO = '0195f0a0-0000-7000-8000-0000000000a2';

function registration(users: HousingCompanyRegistration['users']): HousingCompanyRegistration {
  return { counts: { members: 40, registered: 40 - users.length, notRegistered: users.length }, users };
}

const anna: HousingCompanyRegistration['users'][number] = {
  userId: ANNA,
  firstName: 'Anna',
  lastName: 'Aalto',
  email: 'anna@example.test',
  apartments: [
    { apartmentId: '0195f0a0-0000-7000-8000-0000000000c1', no: 'B 12', aptext: 'L-B12', roles: ['tenant'] },
  ],
  housingCompanyRoles: [],
  createdAt: '2026-01-15T09:30:00.000Z',
  lastInvitationAt: null,
  invitationCount: 0,
};
/** Reminded an hour ago: the service skips him for a day. */
const bruno: HousingCompanyRegistration['users'][number] = {
  userId: BRUNO,
  firstName: 'Bruno',
  lastName: 'Berg',
  email: 'bruno@example.test',
  apartments: [
    { apartmentId: '0195f0a0-0000-7000-8000-0000000000c2', no: 'B 14', aptext: 'L-B14', roles: ['owner'] },
  ],
  housingCompanyRoles: ['boardMember'],
  createdAt: '2026-01-20T09:30:00.000Z',
  lastInvitationAt: new Date(Date.now() - 3_600_000).toISOString(),
  invitationCount: 2,
};

function api(users: HousingCompanyRegistration['users'], answer?: RegistrationRemindersResponse) {
  return mockFetch({
    'GET /api/identity/me': () => json(meOf(['yitProject'])),
    [`GET ${LIST}`]: () => json(registration(users)),
    [`POST ${SEND}`]: () => json(answer ?? { sent: 1, skipped: [] }, 202),
  });
}

function renderReminders(canSend = true) {
  const httpClient = createHttpClient(session);
  return renderStyled(
    <MemoryRouter initialEntries={[`/admin/housing-companies/${linden.id}/show/reminder`]}>
      <AdminContext
        basename="/admin"
        authProvider={createAuthProvider(session)}
        dataProvider={createDataProvider(httpClient)}
        i18nProvider={createI18nProvider('en')}
      >
        <HousingCompanyReminders housingCompanyId={linden.id} name={linden.name} canSend={canSend} />
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  session = new SessionClient('', window.localStorage);
  session.accept(tokens(1));
});

describe('housing company registration reminders', () => {
  it('lists the residents who have not registered with their apartments, roles and reminders', async () => {
    api([anna, bruno]);
    renderReminders();

    const section = await screen.findByRole('region', { name: 'Registration reminders' });
    expect(await within(section).findByText('2 of 40 residents have not registered yet')).toBeTruthy();
    expect(within(section).getByText(/^Residents of Linden Court who have been added/)).toBeTruthy();
    const rows = within(within(section).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Anna Aalto')).toBeTruthy();
    expect(within(rows[0]!).getByText('anna@example.test')).toBeTruthy();
    expect(within(rows[0]!).getByText('B 12 (Tenant)')).toBeTruthy();
    expect(within(rows[0]!).getByText('15.01.2026')).toBeTruthy();
    expect(within(rows[0]!).getByText('Never')).toBeTruthy();
    expect(within(rows[0]!).getByText('0')).toBeTruthy();
    expect(within(rows[1]!).getByText('B 14 (Owner)')).toBeTruthy();
    expect(within(rows[1]!).getByText('Housing company: Board member')).toBeTruthy();
    expect(within(rows[1]!).getByText('2')).toBeTruthy();
    expect(within(rows[1]!).queryByText('Never')).toBeNull();
    // Reminded within the day: nothing to send to him yet.
    expect(
      within(rows[1]!)
        .getByRole('button', { name: 'Send a reminder to Bruno Berg' })
        .hasAttribute('disabled'),
    ).toBe(true);
  });

  it('sends a reminder to one resident and loads the list again', async () => {
    const calls = api([anna, bruno]);
    renderReminders();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Send a reminder to Anna Aalto' }));
    await waitFor(() => expect(calls.to(`POST ${SEND}`)).toHaveLength(1));
    expect(calls.to(`POST ${SEND}`)[0]!.body).toEqual({ userIds: [ANNA] });
    expect(await screen.findByText('Reminders sent: 1. Skipped as reminded recently: 0.')).toBeTruthy();
    await waitFor(() => expect(calls.to(`GET ${LIST}`)).toHaveLength(2));
  });

  it('reminds all after a confirmation telling how many get a mail, and tells the skipped', async () => {
    const calls = api([anna, bruno], { sent: 1, skipped: [{ userId: BRUNO, reason: 'recently_sent' }] });
    renderReminders();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Remind all not registered' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Remind all residents who have not registered?')).toBeTruthy();
    expect(
      within(dialog).getByText(
        'A reminder e-mail will be sent to 1 resident. 1 reminded within the last 24 hours will be skipped.',
      ),
    ).toBeTruthy();
    expect(calls.to(`POST ${SEND}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.to(`POST ${SEND}`)).toHaveLength(1));
    expect(calls.to(`POST ${SEND}`)[0]!.body).toEqual({});
    expect(await screen.findByText('Reminders sent: 1. Skipped as reminded recently: 1.')).toBeTruthy();
  });

  it('reminds the selected residents', async () => {
    const calls = api([anna, bruno]);
    renderReminders();
    const user = userEvent.setup();

    const selected = await screen.findByRole('button', { name: 'Remind selected' });
    expect(selected.hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Select Anna Aalto' }));
    await user.click(selected);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Remind the selected residents?')).toBeTruthy();
    expect(within(dialog).getByText('A reminder e-mail will be sent to 1 resident.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.to(`POST ${SEND}`)).toHaveLength(1));
    expect(calls.to(`POST ${SEND}`)[0]!.body).toEqual({ userIds: [ANNA] });
  });

  it('says when everyone has registered, and offers no sending without the right', async () => {
    api([]);
    renderReminders();
    expect(await screen.findByText('Everyone has registered')).toBeTruthy();
    expect(screen.getByText('0 of 40 residents have not registered yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remind all not registered' })).toBeNull();
  });

  it('shows the list without controls to those who do not manage users', async () => {
    api([anna]);
    renderReminders(false);
    expect(await screen.findByText('Anna Aalto')).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /remind|send/i })).toBeNull();
  });
});
