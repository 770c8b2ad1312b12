// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, heldAnswer, renderWithApp } from '../../../../tests/support/web-render';
import { ForgotPasswordForm } from './forgot-password-form';

describe('ForgotPasswordForm', () => {
  it('keeps the button off until an address is typed, and refuses one that is not an e-mail address', async () => {
    const api = fakeApi({});
    renderWithApp(<ForgotPasswordForm />);
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeDisabled();
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'maria at school' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it('asks for a link back to /reset-password and says where it went without saying whether the account exists', async () => {
    const reset = heldAnswer({ body: { status: true } });
    const api = fakeApi({ 'POST /api/auth/request-password-reset': reset.handler });
    renderWithApp(<ForgotPasswordForm />);
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: ' maria@school.edu ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('button', { name: 'Sending…' })).toBeDisabled();
    reset.release();
    expect(await screen.findByText('If an account uses maria@school.edu, a reset link is on its way. It works for one hour.')).toBeInTheDocument();
    expect(api.to('POST /api/auth/request-password-reset')[0]?.body).toEqual({ email: 'maria@school.edu', redirectTo: `${window.location.origin}/reset-password` });
  });

  it('shows why the request failed', async () => {
    fakeApi({ 'POST /api/auth/request-password-reset': { status: 429, body: { message: 'Too many requests. Please try again later.' } } });
    renderWithApp(<ForgotPasswordForm />);
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'maria@school.edu' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts from this connection. Wait a minute and try again.');
  });
});
