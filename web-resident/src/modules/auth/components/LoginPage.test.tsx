import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../../../testing/fetch-mock';
import { renderApp } from '../../../testing/render-app';

function openLogin(path = '/login') {
  const api = mockFetch({ 'GET /api/identity/login-options': json({ password: true, b2c: false }) });
  return { ...api, ...renderApp(path), user: userEvent.setup() };
}

describe('/login: the language choice', () => {
  it('offers the nine languages, each named in its own language, and switches the page to the one chosen', async () => {
    const app = openLogin();
    await screen.findByRole('heading', { level: 1, name: 'Sign in to Porta' });
    const select = screen.getByRole('combobox', { name: 'Language' }) as HTMLSelectElement;
    expect(select.value).toBe('en');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toHaveLength(9);
    expect(within(select).getByRole('option', { name: 'Suomi' }).getAttribute('lang')).toBe('fi');

    // Reached and changed with the keyboard like any select.
    await app.user.tab();
    expect(document.activeElement).toBe(select);
    await app.user.selectOptions(select, 'fi');

    expect(await screen.findByRole('heading', { level: 1, name: 'Kirjaudu Porta-palveluun' })).toBeTruthy();
    expect(screen.getByLabelText('Sähköposti', { exact: false })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Kieli' }) as HTMLSelectElement).value).toBe('fi');
    expect(document.documentElement.lang).toBe('fi');
    // The choice stays in the address, so that a reload keeps it.
    await waitFor(() => expect(app.path()).toBe('/login?lang=fi'));

    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Kieli' }), 'sv');
    expect(await screen.findByRole('heading', { level: 1, name: 'Logga in på Porta' })).toBeTruthy();
    await waitFor(() => expect(app.path()).toBe('/login?lang=sv'));
  });

  it('starts in the language of the address', async () => {
    openLogin('/login?lang=sv');
    expect(await screen.findByRole('heading', { level: 1, name: 'Logga in på Porta' })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Språk' }) as HTMLSelectElement).value).toBe('sv');
  });
});
