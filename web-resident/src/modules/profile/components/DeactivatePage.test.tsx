import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { problem } from '../../../testing/fetch-mock';
import { startSignedIn } from '../../../testing/signed-in';

describe('/deactivate', () => {
  it('asks for confirmation (a modal dialog closed by Escape), then deactivates and signs out', async () => {
    const app = startSignedIn('/deactivate', {
      routes: { 'POST /api/identity/me/deactivate': new Response(null, { status: 204 }) },
    });
    await screen.findByRole('heading', { level: 1, name: 'Deactivate account' });
    await waitFor(() => expect(document.title).toBe('Deactivate account - My settings - Porta'));
    const open = screen.getByRole('button', { name: 'Deactivate my account' });

    await app.user.click(open);
    let dialog = screen.getByRole('dialog', { name: 'Deactivate your account?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    expect(document.activeElement).toBe(cancel);
    // Focus stays inside the dialog.
    await app.user.tab();
    await app.user.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await app.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(open);
    expect(app.calls()).not.toContain('POST /api/identity/me/deactivate');

    await app.user.click(open);
    dialog = screen.getByRole('dialog', { name: 'Deactivate your account?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));

    expect(
      await screen.findByText('Your account has been deactivated and you have been signed out.'),
    ).toBeTruthy();
    expect(app.path()).toBe('/login');
    expect(app.session.read()).toBeNull();
    const calls = app.calls();
    expect(calls.indexOf('POST /api/identity/me/deactivate')).toBeLessThan(
      calls.indexOf('POST /api/identity/logout'),
    );
    expect(app.requests.find((r) => r.path === '/api/identity/me/deactivate')?.body).toEqual({
      confirm: true,
    });
  });

  it('keeps the dialog open with the reason when deactivation fails', async () => {
    const app = startSignedIn('/deactivate', {
      routes: { 'POST /api/identity/me/deactivate': problem(500, 'INTERNAL', 'Something went wrong') },
    });
    await app.user.click(await screen.findByRole('button', { name: 'Deactivate my account' }));
    const dialog = screen.getByRole('dialog', { name: 'Deactivate your account?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'Something went wrong');
    await waitFor(() => expect(app.path()).toBe('/deactivate'));
    expect(app.session.read()).not.toBeNull();
  });
});
