// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignUpForm } from './sign-up-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The server's answer to the sign-up request, whatever else the form asks afterwards. */
function answerSignUp(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) =>
      path === '/api/auth/sign-up/email' ? new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }) : new Response('{}', { status: 401 }),
    ),
  );
}

function fillAndSubmit() {
  fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Ana Student' } });
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ana@example.edu' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'violet tractor harbour' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('SignUpForm', () => {
  it('says a message was sent, without saying whether the address has an account, when no session came back', async () => {
    answerSignUp(200, { token: null, user: { id: 'x' } });
    const onSignedUp = vi.fn();
    render(<SignUpForm onSignedUp={onSignedUp} />);
    fillAndSubmit();
    expect(await screen.findByRole('status')).toHaveTextContent('We sent a message to ana@example.edu. If you already have an account, sign in instead');
    expect(onSignedUp).not.toHaveBeenCalled();
  });

  it("shows the server's plain words when the password is refused", async () => {
    answerSignUp(400, { error: 'This password is one of the most common passwords, so it is easy to guess. Please choose another: a few unrelated words work well.' });
    render(<SignUpForm onSignedUp={vi.fn()} />);
    fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('one of the most common passwords');
  });

  it('goes on when the new account is signed in', async () => {
    answerSignUp(200, { token: 'session-token', user: { id: 'x' } });
    const onSignedUp = vi.fn();
    render(<SignUpForm onSignedUp={onSignedUp} />);
    fillAndSubmit();
    await vi.waitFor(() => expect(onSignedUp).toHaveBeenCalled());
  });
});
