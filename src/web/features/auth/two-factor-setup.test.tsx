// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, heldAnswer, renderWithApp } from '../../../../tests/support/web-render';
import { TwoFactorSetup } from './two-factor-setup';

const enrolment = { body: { totpURI: 'otpauth://totp/Crosswalk:clerk@school.edu?secret=JBSWY3DPEHPK3PXP&issuer=Crosswalk', backupCodes: ['aaaa-1111', 'bbbb-2222'] } };

describe('TwoFactorSetup', () => {
  it('asks for the password, then shows the key and recovery codes, then turns it on with the app’s code', async () => {
    const verify = heldAnswer({ body: { token: 't' } });
    const api = fakeApi({
      'POST /api/auth/two-factor/enable': enrolment,
      'POST /api/auth/two-factor/verify-totp': verify.handler,
      'GET /api/account/session': { body: { account: null } },
    });
    renderWithApp(<TwoFactorSetup />);
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Your password'), { target: { value: 'a long passphrase' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    // The same key as a QR code, drawn in the page (qr-code.test.tsx checks what it encodes).
    expect(screen.getByRole('img', { name: 'QR code of your two-factor key, for an authenticator app' })).toBeInTheDocument();
    expect(screen.getByText('bbbb-2222')).toBeInTheDocument();
    expect(api.to('POST /api/auth/two-factor/enable')[0]?.body).toEqual({ password: 'a long passphrase' });
    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('button', { name: 'Checking…' })).toBeDisabled();
    verify.release();
    await waitFor(() => expect(api.to('GET /api/account/session')).toHaveLength(1));
    expect(api.to('POST /api/auth/two-factor/verify-totp')[0]?.body).toEqual({ code: '123456' });
  });

  it('says when the password or the code is wrong', async () => {
    fakeApi({ 'POST /api/auth/two-factor/enable': { status: 400, body: { message: 'Invalid password', code: 'INVALID_PASSWORD' } } });
    renderWithApp(<TwoFactorSetup />);
    fireEvent.change(screen.getByLabelText('Your password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid password');
  });
});
