import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, problem } from '../../../testing/fetch-mock';
import { IDS } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { startSignedIn } from '../../../testing/signed-in';

const CODE = 'confirm-code-0123456789';
const PATH = `/profile/email-changed/${IDS.user}/${CODE}`;
const CONFIRM = `POST /api/identity/email-change/${IDS.user}/${CODE}`;

describe('/profile/email-changed/:userUuid/:confirmCode (public)', () => {
  it('confirms the change once and shows the new address to a signed-out visitor', async () => {
    const api = mockFetch({ [CONFIRM]: json({ email: 'olivia@new.example' }) });
    renderApp(PATH);
    expect(
      await screen.findByText('Your e-mail address has been changed to olivia@new.example.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    await waitFor(() => expect(document.title).toBe('E-mail address change - Porta'));
    expect(api.calls().filter((c) => c === CONFIRM)).toHaveLength(1);
  });

  it('says when the confirmation fails', async () => {
    mockFetch({ [CONFIRM]: problem(400, 'IDN_EMAIL_CONFIRM_FAILED', 'Confirming the email change failed.') });
    renderApp(PATH);
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Confirming the email change failed.',
    );
  });

  it('refreshes a signed-in user and leads back to the settings', async () => {
    const app = startSignedIn(PATH, { routes: { [CONFIRM]: json({ email: 'olivia@new.example' }) } });
    expect(
      await screen.findByText('Your e-mail address has been changed to olivia@new.example.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to my settings' }).getAttribute('href')).toBe('/my-settings');
    await waitFor(() => expect(app.calls().filter((c) => c === 'GET /api/identity/me')).toHaveLength(2));
  });
});
