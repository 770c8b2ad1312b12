import { signInFormSchema } from '@shared/schemas/accounts';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { useSchemaForm } from '../../lib/use-schema-form';
import { signInWithEmail, verifyBackupCode, verifyTotp } from './auth-api';
import { useRefreshAccount } from './use-account';

/** E-mail and password sign-in; asks for the authenticator code when the account has two-factor on. */
export function SignInForm({ onSignedIn, showSignUpLink = true }: { onSignedIn: () => void; showSignUpLink?: boolean }) {
  const refreshAccount = useRefreshAccount();
  const form = useSchemaForm({ schema: signInFormSchema, initialValues: { email: '', password: '' } });
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [needsCode, setNeedsCode] = useState(false);
  const [code, setCode] = useState('');
  const [useBackupCode, setUseBackupCode] = useState(false);

  const finish = async () => {
    await refreshAccount();
    onSignedIn();
  };

  const submitPassword = form.handleSubmit(async ({ email, password }) => {
    setError(null);
    setPending(true);
    try {
      const result = await signInWithEmail(email, password);
      if (result.twoFactorRequired) setNeedsCode(true);
      else await finish();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Sign-in failed. Please try again.');
    } finally {
      setPending(false);
    }
  });

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setPending(true);
    try {
      await (useBackupCode ? verifyBackupCode(code) : verifyTotp(code));
      await finish();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'That code did not work.');
    } finally {
      setPending(false);
    }
  };

  if (needsCode) {
    return (
      <form onSubmit={submitCode} className="flex flex-col gap-4" noValidate>
        <p className="text-sm text-slate-700">
          {useBackupCode ? 'Enter one of your recovery codes.' : 'Enter the 6-digit code from your authenticator app.'}
        </p>
        <FormField
          label={useBackupCode ? 'Recovery code' : 'Authentication code'}
          name="code"
          autoComplete="one-time-code"
          inputMode={useBackupCode ? 'text' : 'numeric'}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          required
        />
        {error && <Alert tone="error">{error}</Alert>}
        <Button type="submit" disabled={pending || code.trim() === ''}>
          {pending ? 'Checking…' : 'Verify'}
        </Button>
        <button type="button" className="text-sm text-brand-700 underline" onClick={() => setUseBackupCode((value) => !value)}>
          {useBackupCode ? 'Use the authenticator app instead' : 'Use a recovery code instead'}
        </button>
      </form>
    );
  }

  return (
    <form onSubmit={submitPassword} className="flex flex-col gap-4" noValidate>
      <FormField label="E-mail" type="email" autoComplete="email" {...form.textField('email')} required />
      <FormField label="Password" type="password" autoComplete="current-password" {...form.textField('password')} required />
      {error && <Alert tone="error">{error}</Alert>}
      <Button type="submit" disabled={pending}>
        {pending ? 'Signing in…' : 'Sign in'}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <Link to="/forgot-password" className="text-brand-700 underline">
          Forgot your password?
        </Link>
        {showSignUpLink && (
          <Link to="/student/signup" className="text-brand-700 underline">
            Create a student account
          </Link>
        )}
      </div>
    </form>
  );
}
