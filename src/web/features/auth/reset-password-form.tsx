import { signUpFormSchema } from '@shared/schemas/accounts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { useSchemaForm } from '../../lib/use-schema-form';
import { resetPassword } from './auth-api';

/** The new password follows the sign-up rule. */
const newPasswordSchema = signUpFormSchema.pick({ password: true });

/** Chooses a new password with the token from the reset e-mail; `linkExpired`: the link came back refused. */
export function ResetPasswordForm({ token, linkExpired }: { token: string | null; linkExpired: boolean }) {
  const form = useSchemaForm({ schema: newPasswordSchema, initialValues: { password: '' } });
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(linkExpired ? 'This reset link has expired or was already used. Ask for a new one.' : null);
  const [pending, setPending] = useState(false);
  const submit = form.handleSubmit(async ({ password }) => {
    if (!token) return;
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
  });
  if (done) {
    return (
      <Alert tone="success">
        Your password is changed.{' '}
        <Link to="/student/login" className="underline">
          Sign in
        </Link>
      </Alert>
    );
  }
  if (!token) {
    return (
      <Alert tone="error">
        This page needs the link from your e-mail. <Link to="/forgot-password" className="underline">Ask for a new link</Link>.
      </Alert>
    );
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <FormField label="New password" type="password" autoComplete="new-password" {...form.textField('password')} required hint="At least 8 characters." />
      {error && <Alert tone="error">{error}</Alert>}
      <Button type="submit" disabled={pending}>
        {pending ? 'Saving…' : 'Save new password'}
      </Button>
    </form>
  );
}
