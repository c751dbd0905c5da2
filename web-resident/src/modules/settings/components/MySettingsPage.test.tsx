import type { Signature } from '@porta/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, problem, type RecordedRequest } from '../../../testing/fetch-mock';
import { meResponse } from '../../../testing/fixtures';
import { startSignedIn } from '../../../testing/signed-in';

const STRONG = 'New-Secret-2026';

function settings(routes: Parameters<typeof startSignedIn>[1] = {}) {
  return startSignedIn('/my-settings', routes);
}

async function passwordForm() {
  await screen.findByRole('heading', { level: 1, name: 'My settings' });
  return within(screen.getByRole('region', { name: 'Password' }));
}

async function fillPassword(
  app: ReturnType<typeof settings>,
  { current = 'Demo-Portal-2026', next = STRONG, again = STRONG } = {},
) {
  const form = await passwordForm();
  if (current) await app.user.type(form.getByLabelText('Current password'), current);
  if (next) await app.user.type(form.getByLabelText('New password'), next);
  if (again) await app.user.type(form.getByLabelText('New password again'), again);
  await app.user.click(form.getByRole('button', { name: 'Change password' }));
  return form;
}

const passwordCalls = (app: ReturnType<typeof settings>) =>
  app.requests.filter((r) => r.method === 'POST' && r.path === '/api/identity/me/password');

describe('my settings: password (03 §5)', () => {
  it('says "Password invalid format" for a weak new password, without asking the server', async () => {
    const app = settings();
    const form = await fillPassword(app, { next: 'password', again: 'password' });
    const field = form.getByLabelText('New password');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(form.getByText('Password invalid format')).toBeTruthy();
    expect(document.activeElement).toBe(field);
    expect(passwordCalls(app)).toHaveLength(0);
  });

  it('says a common password is too common, without asking the server, and names the passphrase rule', async () => {
    const app = settings();
    const form = await fillPassword(app, { next: 'Password1!', again: 'Password1!' });
    expect(form.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');
    expect(
      form.getByText('This password is too common or too easy to guess. Please choose another one.'),
    ).toBeTruthy();
    expect(form.getByText(/or a passphrase of at least 15 characters/)).toBeTruthy();
    expect(passwordCalls(app)).toHaveLength(0);
  });

  it('says "Password doesn\'t match" when the new password is not repeated exactly', async () => {
    const app = settings();
    const form = await fillPassword(app, { again: `${STRONG}!` });
    expect(form.getByText("Password doesn't match")).toBeTruthy();
    expect(document.activeElement).toBe(form.getByLabelText('New password again'));
    expect(passwordCalls(app)).toHaveLength(0);
  });

  it('requires every field', async () => {
    const app = settings();
    const form = await fillPassword(app, { current: '', next: '', again: '' });
    expect(form.getAllByText('This field is required')).toHaveLength(3);
    expect(document.activeElement).toBe(form.getByLabelText('Current password'));
    expect(passwordCalls(app)).toHaveLength(0);
  });

  it('shows insufficient credentials at the current password when the server refuses it', async () => {
    const app = settings({
      routes: {
        'POST /api/identity/me/password': problem(
          403,
          'IDN_INSUFFICIENT_CREDENTIALS',
          'Insufficient credentials',
        ),
      },
    });
    const form = await fillPassword(app, { current: 'wrong-password' });
    expect(await form.findByText('Insufficient credentials')).toBeTruthy();
    expect(form.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
    expect(passwordCalls(app).map((r) => r.body)).toEqual([
      { currentPassword: 'wrong-password', newPassword: STRONG, newPasswordConfirmation: STRONG },
    ]);
  });

  it("puts the server's format and mismatch refusals at their fields", async () => {
    const app = settings({
      routes: {
        'POST /api/identity/me/password': [
          problem(400, 'IDN_PASSWORD_FORMAT', 'Password invalid format'),
          problem(400, 'IDN_PASSWORD_MISMATCH', "Password doesn't match"),
        ],
      },
    });
    const form = await fillPassword(app);
    expect(await form.findByText('Password invalid format')).toBeTruthy();
    expect(form.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');
    await app.user.click(form.getByRole('button', { name: 'Change password' }));
    expect(await form.findByText("Password doesn't match")).toBeTruthy();
    expect(form.getByLabelText('New password again').getAttribute('aria-invalid')).toBe('true');
  });

  it('changes the password and empties the form', async () => {
    const app = settings({
      routes: { 'POST /api/identity/me/password': new Response(null, { status: 204 }) },
    });
    const form = await fillPassword(app);
    expect(await form.findByText('Your password has been changed.')).toBeTruthy();
    expect((form.getByLabelText('New password') as HTMLInputElement).value).toBe('');
    expect(passwordCalls(app)).toHaveLength(1);
  });

  it('says the password could not be changed on any other failure', async () => {
    const app = settings({
      routes: { 'POST /api/identity/me/password': problem(500, 'INTERNAL', 'Something went wrong') },
    });
    const form = await fillPassword(app);
    expect(await form.findByRole('alert')).toHaveProperty('textContent', 'Password could not be changed.');
  });
});

describe('my settings: e-mail (03 §2, §5)', () => {
  it('sends a confirmation link to the trimmed new address and says so', async () => {
    const app = settings({
      routes: {
        'POST /api/identity/me/email-change': (request: RecordedRequest) =>
          json(
            {
              newEmail: (request.body as { newEmail: string }).newEmail,
              expiresAt: '2026-03-06T10:00:00.000Z',
            },
            202,
          ),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'My settings' });
    const email = within(screen.getByRole('region', { name: 'E-mail address' }));
    expect(email.getByText('Your e-mail address is owner@demo.porta.test.')).toBeTruthy();
    await app.user.type(email.getByLabelText('New e-mail address'), '  olivia@new.example ');
    await app.user.click(email.getByRole('button', { name: 'Change e-mail address' }));
    expect(
      await email.findByText(
        'A confirmation link has been sent to olivia@new.example. The new address takes effect when you open the link.',
      ),
    ).toBeTruthy();
    expect(app.requests.find((r) => r.path === '/api/identity/me/email-change')?.body).toEqual({
      newEmail: 'olivia@new.example',
    });
    expect((email.getByLabelText('New e-mail address') as HTMLInputElement).value).toBe('');
  });

  it('rejects an invalid address before sending and shows refusals of the server', async () => {
    const app = settings({
      routes: {
        'POST /api/identity/me/email-change': problem(
          409,
          'IDN_EMAIL_IN_USE',
          'A user with this e-mail address already exists.',
        ),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'My settings' });
    const email = within(screen.getByRole('region', { name: 'E-mail address' }));
    const input = email.getByLabelText('New e-mail address');
    await app.user.type(input, 'not-an-address');
    await app.user.click(email.getByRole('button', { name: 'Change e-mail address' }));
    expect(email.getByText('Email address is invalid')).toBeTruthy();
    expect(app.calls()).not.toContain('POST /api/identity/me/email-change');

    await app.user.clear(input);
    await app.user.type(input, 'taken@demo.porta.test');
    await app.user.click(email.getByRole('button', { name: 'Change e-mail address' }));
    expect(await email.findByText('A user with this e-mail address already exists.')).toBeTruthy();
  });
});

describe('my settings: signatures (03 §2, §6)', () => {
  const signature = (id: string, name: string, content: string): Signature => ({
    id,
    name,
    content,
    createdAt: '2026-03-01T08:00:00.000Z',
    updatedAt: '2026-03-05T08:00:00.000Z',
  });
  const id = (n: number) => `5a5a5a5a-1b1b-4c4c-8d8d-${String(n).padStart(12, '0')}`;

  /** A small signature store behind the fetch mock. */
  function signatureServer() {
    let list = [signature(id(1), 'Office', 'Best regards,\nHarbour Property Management')];
    let next = 2;
    return {
      'GET /api/identity/me/signatures': () => json(list),
      'POST /api/identity/me/signatures': (request: RecordedRequest) => {
        const body = request.body as { name: string; content: string };
        const created = signature(id(next++), body.name, body.content);
        list = [...list, created];
        return json(created, 201);
      },
      [`PUT /api/identity/me/signatures/${id(1)}`]: (request: RecordedRequest) => {
        const body = request.body as { name: string; content: string };
        list = list.map((s) => (s.id === id(1) ? { ...s, ...body } : s));
        return json(list[0]);
      },
      [`DELETE /api/identity/me/signatures/${id(1)}`]: () => {
        list = list.filter((s) => s.id !== id(1));
        return new Response(null, { status: 204 });
      },
    };
  }

  it('are not offered to users without a signature role', async () => {
    settings();
    await screen.findByRole('heading', { level: 1, name: 'My settings' });
    expect(screen.queryByRole('region', { name: 'Signatures' })).toBeNull();
  });

  it('are listed, added, edited and removed (with a confirmation) by users with a signature role', async () => {
    const app = settings({
      me: meResponse({}, { roles: ['propertyManager'], canManageSignatures: true }),
      routes: signatureServer(),
    });
    const region = within(await screen.findByRole('region', { name: 'Signatures' }));
    expect(await region.findByRole('heading', { name: 'Office' })).toBeTruthy();
    expect(region.getByText(/Harbour Property Management/)).toBeTruthy();
    expect(region.getByText('Updated 5 Mar 2026')).toBeTruthy();

    // Add: both fields are required.
    await app.user.click(region.getByRole('button', { name: 'Add signature' }));
    const addForm = within(region.getByRole('form', { name: 'Add signature' }));
    expect(document.activeElement).toBe(addForm.getByLabelText('Name'));
    await app.user.click(addForm.getByRole('button', { name: 'Save signature' }));
    expect(addForm.getAllByText('This field is required')).toHaveLength(2);
    await app.user.type(addForm.getByLabelText('Name'), 'Short');
    await app.user.type(addForm.getByLabelText('Signature'), 'Regards, Maria');
    await app.user.click(addForm.getByRole('button', { name: 'Save signature' }));
    expect(await region.findByRole('heading', { name: 'Short' })).toBeTruthy();
    expect(region.getByText('The signature has been saved.')).toBeTruthy();
    expect(
      app.requests.find((r) => r.method === 'POST' && r.path === '/api/identity/me/signatures')?.body,
    ).toEqual({
      name: 'Short',
      content: 'Regards, Maria',
    });

    // Edit.
    await app.user.click(region.getByRole('button', { name: 'Edit signature Office' }));
    const editForm = within(region.getByRole('form', { name: 'Edit signature Office' }));
    await app.user.clear(editForm.getByLabelText('Name'));
    await app.user.type(editForm.getByLabelText('Name'), 'Front office');
    await app.user.click(editForm.getByRole('button', { name: 'Save signature' }));
    expect(await region.findByRole('heading', { name: 'Front office' })).toBeTruthy();
    expect(app.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      name: 'Front office',
      content: 'Best regards,\nHarbour Property Management',
    });

    // Remove: Escape cancels, the confirmation removes.
    await app.user.click(region.getByRole('button', { name: 'Remove signature Front office' }));
    let dialog = screen.getByRole('dialog', { name: 'Remove the signature?' });
    expect(within(dialog).getByText('The signature Front office will be removed.')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await app.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(app.calls().some((c) => c.startsWith('DELETE'))).toBe(false);

    await app.user.click(region.getByRole('button', { name: 'Remove signature Front office' }));
    dialog = screen.getByRole('dialog', { name: 'Remove the signature?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(region.queryByRole('heading', { name: 'Front office' })).toBeNull());
    expect(region.getByText('The signature has been removed.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says when the signatures cannot be loaded', async () => {
    settings({
      me: meResponse({}, { canManageSignatures: true }),
      routes: { 'GET /api/identity/me/signatures': problem(500, 'INTERNAL', 'Something went wrong') },
    });
    const region = within(await screen.findByRole('region', { name: 'Signatures' }));
    expect(await region.findByText('Signatures could not be loaded.')).toBeTruthy();
    expect(region.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('my settings: links', () => {
  it('leads to the profile, the user information and deactivation', async () => {
    settings();
    await screen.findByRole('heading', { level: 1, name: 'My settings' });
    await waitFor(() => expect(document.title).toBe('My settings - Porta'));
    expect(screen.getByRole('link', { name: 'Edit your profile' }).getAttribute('href')).toBe('/my-profile');
    expect(screen.getByRole('link', { name: 'Request user information' }).getAttribute('href')).toBe(
      '/profile/gdpr-report',
    );
    expect(screen.getByRole('link', { name: 'Deactivate account' }).getAttribute('href')).toBe('/deactivate');
  });
});
