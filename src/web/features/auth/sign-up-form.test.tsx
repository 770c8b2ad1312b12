// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, heldAnswer, renderWithApp } from '../../../../tests/support/web-render';
import { SignUpForm } from './sign-up-form';

function fillIn(values: { name: string; email: string; password: string }, submitLabel = 'Create account') {
  fireEvent.change(screen.getByLabelText('Full name'), { target: { value: values.name } });
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: values.email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: values.password } });
  fireEvent.click(screen.getByRole('button', { name: submitLabel }));
}

describe('SignUpForm', () => {
  it('checks every field with the sign-up rules before sending anything', async () => {
    const api = fakeApi({});
    renderWithApp(<SignUpForm onSignedUp={vi.fn()} />);
    fillIn({ name: '  ', email: 'maria', password: 'short' });
    expect(await screen.findByText('Enter your name')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByText('Use at least 8 characters')).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it('clears a field’s message once it is changed', async () => {
    fakeApi({});
    renderWithApp(<SignUpForm onSignedUp={vi.fn()} />);
    fillIn({ name: '', email: 'maria@school.edu', password: 'a long passphrase' });
    expect(await screen.findByText('Enter your name')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'M' } });
    expect(screen.queryByText('Enter your name')).not.toBeInTheDocument();
  });

  it('creates the account with the trimmed name and e-mail, showing progress on its own button label', async () => {
    const signUp = heldAnswer({ body: { user: { id: 'u1' } } });
    const api = fakeApi({
      'POST /api/auth/sign-up/email': signUp.handler,
      'GET /api/account/session': { body: { account: { id: 'u1', email: 'maria@school.edu', name: 'Maria Lopez', roles: ['student'], twoFactorEnabled: false } } },
    });
    const onSignedUp = vi.fn();
    renderWithApp(<SignUpForm onSignedUp={onSignedUp} submitLabel="Create staff account" />);
    fillIn({ name: ' Maria Lopez ', email: ' maria@school.edu ', password: 'a long passphrase' }, 'Create staff account');
    expect(await screen.findByRole('button', { name: 'Creating your account…' })).toBeDisabled();
    signUp.release();
    await waitFor(() => expect(onSignedUp).toHaveBeenCalledOnce());
    expect(api.to('POST /api/auth/sign-up/email')[0]?.body).toEqual({ name: 'Maria Lopez', email: 'maria@school.edu', password: 'a long passphrase' });
  });

  it('says a message was sent, without saying whether the address has an account, when nobody is signed in afterwards', async () => {
    fakeApi({ 'POST /api/auth/sign-up/email': { body: { user: { id: 'x' } } }, 'GET /api/account/session': { body: { account: null } } });
    const onSignedUp = vi.fn();
    renderWithApp(<SignUpForm onSignedUp={onSignedUp} />);
    fillIn({ name: 'Ana Student', email: 'ana@example.edu', password: 'violet tractor harbour' });
    expect(await screen.findByRole('status')).toHaveTextContent('We sent a message to ana@example.edu. If you already have an account, sign in instead');
    expect(onSignedUp).not.toHaveBeenCalled();
  });

  it("shows the server's plain words when the password is refused", async () => {
    fakeApi({
      'POST /api/auth/sign-up/email': {
        status: 400,
        body: { error: 'This password is one of the most common passwords, so it is easy to guess. Please choose another: a few unrelated words work well.' },
      },
    });
    renderWithApp(<SignUpForm onSignedUp={vi.fn()} />);
    fillIn({ name: 'Ana Student', email: 'ana@example.edu', password: 'violet tractor harbour' });
    expect(await screen.findByRole('alert')).toHaveTextContent('one of the most common passwords');
  });
});
