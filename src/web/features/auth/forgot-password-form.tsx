import { signInFormSchema } from '@shared/schemas/accounts';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { useSchemaForm } from '../../lib/use-schema-form';
import { requestPasswordReset } from './auth-api';

const emailSchema = signInFormSchema.pick({ email: true });

/** Asks for a reset link; the answer never says whether an account uses the address. */
export function ForgotPasswordForm() {
  const form = useSchemaForm({ schema: emailSchema, initialValues: { email: '' } });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = form.handleSubmit(async ({ email }) => {
    setPending(true);
    setError(null);
    try {
      await requestPasswordReset(email);
      setSentTo(email);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Please try again in a moment.');
    } finally {
      setPending(false);
    }
  });
  if (sentTo !== null) return <Alert tone="success">If an account uses {sentTo}, a reset link is on its way. It works for one hour.</Alert>;
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <FormField label="E-mail" type="email" autoComplete="email" {...form.textField('email')} required />
      {error && <Alert tone="error">{error}</Alert>}
      <Button type="submit" disabled={pending || form.values.email.trim() === ''}>
        {pending ? 'Sending…' : 'Send reset link'}
      </Button>
    </form>
  );
}
