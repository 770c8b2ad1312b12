// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, heldAnswer, renderWithApp } from '../../../../tests/support/web-render';
import { SignInForm } from './sign-in-form';

const account = { id: 'u1', email: 'maria@school.edu', name: 'Maria', roles: ['student'], twoFactorEnabled: false };

function fillIn(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('SignInForm', () => {
  it('says what is missing in plain words and sends nothing', async () => {
    const api = fakeApi({});
    renderWithApp(<SignInForm onSignedIn={vi.fn()} />);
    fillIn('maria@', '');
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(api.requests).toHaveLength(0);
  });

  it('sends the trimmed e-mail and the password, shows it is signing in, then hands over', async () => {
    const signIn = heldAnswer({ body: { redirect: false } });
    const api = fakeApi({ 'POST /api/auth/sign-in/email': signIn.handler, 'GET /api/account/session': { body: { account } } });
    const onSignedIn = vi.fn();
    renderWithApp(<SignInForm onSignedIn={onSignedIn} />);
    fillIn('  maria@school.edu ', 'a long passphrase');
    const pending = await screen.findByRole('button', { name: 'Signing in…' });
    expect(pending).toBeDisabled();
    expect(api.to('POST /api/auth/sign-in/email')[0]?.body).toEqual({ email: 'maria@school.edu', password: 'a long passphrase' });
    signIn.release();
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expect(api.to('GET /api/account/session')).toHaveLength(1);
  });

  it('shows the server’s refusal in words for a person', async () => {
    fakeApi({ 'POST /api/auth/sign-in/email': { status: 401, body: { message: 'Invalid email or password', code: 'INVALID_EMAIL_OR_PASSWORD' } } });
    const onSignedIn = vi.fn();
    renderWithApp(<SignInForm onSignedIn={onSignedIn} />);
    fillIn('maria@school.edu', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('That e-mail and password do not match an account.');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('asks for the authenticator code when the account has two-factor on, and sends it without spaces', async () => {
    const api = fakeApi({
      'POST /api/auth/sign-in/email': { body: { twoFactorRedirect: true } },
      'POST /api/auth/two-factor/verify-totp': { body: { token: 't' } },
      'GET /api/account/session': { body: { account: { ...account, roles: ['admin'], twoFactorEnabled: true } } },
    });
    const onSignedIn = vi.fn();
    renderWithApp(<SignInForm onSignedIn={onSignedIn} />);
    fillIn('clerk@school.edu', 'a long passphrase');
    fireEvent.change(await screen.findByLabelText('Authentication code'), { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expect(api.to('POST /api/auth/two-factor/verify-totp')[0]?.body).toEqual({ code: '123456' });
  });
});
