// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, heldAnswer, renderWithApp } from '../../../../tests/support/web-render';
import { ResetPasswordForm } from './reset-password-form';

describe('ResetPasswordForm', () => {
  it('needs the link from the e-mail', () => {
    fakeApi({});
    renderWithApp(<ResetPasswordForm token={null} linkExpired={false} />);
    expect(screen.getByRole('alert')).toHaveTextContent('This page needs the link from your e-mail.');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('holds the new password to the sign-up rule', async () => {
    const api = fakeApi({});
    renderWithApp(<ResetPasswordForm token="tok" linkExpired={false} />);
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('Use at least 8 characters')).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it('sends the token with the new password and then offers to sign in', async () => {
    const reset = heldAnswer({ body: { status: true } });
    const api = fakeApi({ 'POST /api/auth/reset-password': reset.handler });
    renderWithApp(<ResetPasswordForm token="tok-123" linkExpired={false} />);
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'a long passphrase' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('button', { name: 'Saving…' })).toBeDisabled();
    reset.release();
    expect(await screen.findByText(/Your password is changed/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/student/login');
    expect(api.to('POST /api/auth/reset-password')[0]?.body).toEqual({ token: 'tok-123', newPassword: 'a long passphrase' });
  });

  it('says when the link has expired, and shows a refusal from the server', async () => {
    fakeApi({ 'POST /api/auth/reset-password': { status: 400, body: { message: 'Invalid token', code: 'INVALID_TOKEN' } } });
    renderWithApp(<ResetPasswordForm token="old" linkExpired />);
    expect(screen.getByRole('alert')).toHaveTextContent('This reset link has expired or was already used. Ask for a new one.');
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'a long passphrase' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('button', { name: 'Save new password' })).toBeEnabled();
    expect(screen.getByRole('alert')).toHaveTextContent('This reset link has expired or was already used. Ask for a new one.');
    expect(screen.queryByText(/authenticator/)).not.toBeInTheDocument();
  });
});
