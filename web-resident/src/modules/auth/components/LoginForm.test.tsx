import { ApiError } from '@porta/web-kit';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../../testing/i18n';
import { type Credentials, LoginForm } from './LoginForm';

function renderForm(onSubmit: (c: Credentials) => Promise<void>, initialError?: unknown) {
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <LoginForm onSubmit={onSubmit} initialError={initialError} />
    </I18nextProvider>,
  );
  return {
    email: screen.getByLabelText('E-mail'),
    password: screen.getByLabelText('Password'),
    button: screen.getByRole('button', { name: 'Sign in' }),
  };
}

function deferred() {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('LoginForm', () => {
  it('labels both fields, marks them required and shows the hint', () => {
    const { email, password } = renderForm(vi.fn());
    expect(email).toHaveProperty('required', true);
    expect(password).toHaveProperty('required', true);
    expect(email.getAttribute('type')).toBe('email');
    expect(password.getAttribute('type')).toBe('password');
    expect(screen.getAllByText('*')).toHaveLength(2);
    expect(screen.getByText('Fields marked with * are required.')).toBeTruthy();
  });

  it("says 'This field is required' for each empty field, focuses the first and sends nothing", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const { email, password, button } = renderForm(onSubmit);
    await user.click(button);
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('points at the one empty field only', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const { email, password } = renderForm(onSubmit);
    await user.type(email, 'olivia@example.test');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(1);
    expect(email.getAttribute('aria-invalid')).toBeNull();
    expect(password.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(password.getAttribute('aria-describedby')!)?.textContent).toBe(
      'This field is required',
    );
    expect(document.activeElement).toBe(password);
  });

  it('submits with Enter, disables the button while sending and passes trimmed credentials', async () => {
    const user = userEvent.setup();
    const pending = deferred();
    const onSubmit = vi.fn(() => pending.promise);
    const { email, password, button } = renderForm(onSubmit);
    await user.type(email, '  olivia@example.test ');
    await user.type(password, 'Demo-Portal-2026{Enter}');
    expect(onSubmit).toHaveBeenCalledWith({ email: 'olivia@example.test', password: 'Demo-Portal-2026' });
    expect(button).toHaveProperty('disabled', true);
    await user.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    pending.resolve();
  });

  it("shows the server's message on failure, re-enables the button and focuses the password", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => {
      throw new ApiError(401, 'IDN_INVALID_CREDENTIALS', 'Incorrect e-mail address or password.');
    });
    const { email, password, button } = renderForm(onSubmit);
    await user.type(email, 'nobody@example.test');
    await user.type(password, 'wrong');
    await user.click(button);
    expect(await screen.findByText('Incorrect e-mail address or password.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Incorrect e-mail address or password.');
    expect(button).toHaveProperty('disabled', false);
    expect(document.activeElement).toBe(password);
  });

  it('shows an unknown code with the message the server gave', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => {
      throw new ApiError(418, 'SOMETHING_NEW', 'A message from the server.');
    });
    const { email, password } = renderForm(onSubmit);
    await user.type(email, 'a@b.test');
    await user.type(password, 'x{Enter}');
    expect(await screen.findByText('A message from the server.')).toBeTruthy();
  });

  it('puts server field errors beside their fields', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => {
      throw new ApiError(400, 'VALIDATION_FAILED', 'Error on validating the form.', [
        { path: 'email', message: 'Value in field is not in correct format' },
      ]);
    });
    const { email, password } = renderForm(onSubmit);
    await user.type(email, 'not-an-address');
    await user.type(password, 'x{Enter}');
    expect(await screen.findByText('Value in field is not in correct format')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
  });

  it('shows an error handed over from the start (failed consumer sign-in)', () => {
    renderForm(vi.fn(), { code: 'IDN_OIDC_NO_ACCOUNT', message: 'x' });
    expect(screen.getByRole('alert').textContent).toBe('No Porta account is linked to this sign-in.');
  });
});
