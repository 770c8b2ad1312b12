import { useState, type FormEvent } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { QrCode } from '../../components/ui/qr-code';
import { enableTwoFactor, verifyTotp } from './auth-api';
import { useRefreshAccount } from './use-account';

/** Admins must turn on a second factor (TOTP) before the admin area answers: OWASP ASVS level 2. */
export function TwoFactorSetup() {
  const refreshAccount = useRefreshAccount();
  const [password, setPassword] = useState('');
  const [enrolment, setEnrolment] = useState<{ secret: string; uri: string; backupCodes: string[] } | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const start = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setPending(true);
    try {
      const result = await enableTwoFactor(password);
      setEnrolment({ uri: result.totpURI, secret: new URL(result.totpURI).searchParams.get('secret') ?? '', backupCodes: result.backupCodes });
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Could not start two-factor set-up.');
    } finally {
      setPending(false);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setPending(true);
    try {
      await verifyTotp(code);
      await refreshAccount();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'That code did not work.');
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="mx-auto w-full max-w-lg px-4 py-12">
      <Card
        pageTitle
        title="Turn on two-factor sign-in"
        description="The admin area holds students' records, so staff accounts use a second factor: a 6-digit code from an authenticator app."
      >
        {!enrolment ? (
          <form onSubmit={start} className="flex flex-col gap-4">
            <FormField label="Your password" type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} required />
            {error && <Alert tone="error">{error}</Alert>}
            <Button type="submit" disabled={pending || password === ''}>
              {pending ? 'Starting…' : 'Continue'}
            </Button>
          </form>
        ) : (
          <form onSubmit={confirm} className="flex flex-col gap-4">
            <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
              <li>
                In your authenticator app, add an account: scan this code, or type the key shown with it.
                <div className="mt-2 flex flex-col items-start gap-3 sm:flex-row sm:items-center">
                  <QrCode text={enrolment.uri} label="QR code of your two-factor key, for an authenticator app" />
                  <code data-testid="totp-secret" className="block min-w-0 rounded bg-slate-100 px-2 py-1 font-mono text-sm break-all text-slate-900">
                    {enrolment.secret}
                  </code>
                </div>
              </li>
              <li>
                Keep these recovery codes somewhere safe; each works once if you lose your phone:
                <ul className="mt-1 grid grid-cols-2 gap-1 font-mono text-xs text-slate-900">
                  {enrolment.backupCodes.map((backup) => (
                    <li key={backup} className="rounded bg-slate-100 px-2 py-1">
                      {backup}
                    </li>
                  ))}
                </ul>
              </li>
              <li>Enter the code your app shows now.</li>
            </ol>
            <FormField label="Authentication code" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(event) => setCode(event.target.value)} required />
            {error && <Alert tone="error">{error}</Alert>}
            <Button type="submit" disabled={pending || code.trim() === ''}>
              {pending ? 'Checking…' : 'Turn on'}
            </Button>
          </form>
        )}
      </Card>
    </div>
  );
}
