import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { resetPassword } from '../../features/auth/auth-api';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [password, setPassword] = useState('');
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(params.get('error') ? 'This reset link has expired or was already used. Ask for a new one.' : null);
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!token) return;
    if (password.length < 8) {
      setError('Use at least 8 characters.');
      return;
    }
    setPending(true);
    setError(null);
    try {
      await resetPassword(token, password);
      setDone(true);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'This reset link did not work. Ask for a new one.');
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <Card pageTitle title="Choose a new password">
        {done ? (
          <Alert tone="success">
            Your password is changed.{' '}
            <Link to="/student/login" className="underline">
              Sign in
            </Link>
          </Alert>
        ) : !token ? (
          <Alert tone="error">
            This page needs the link from your e-mail. <Link to="/forgot-password" className="underline">Ask for a new link</Link>.
          </Alert>
        ) : (
          <form onSubmit={submit} className="flex flex-col gap-4">
            <FormField label="New password" type="password" autoComplete="new-password" value={password} onChange={(event) => setPassword(event.target.value)} required hint="At least 8 characters." />
            {error && <Alert tone="error">{error}</Alert>}
            <Button type="submit" disabled={pending}>
              {pending ? 'Saving…' : 'Save new password'}
            </Button>
          </form>
        )}
      </Card>
    </div>
  );
}
