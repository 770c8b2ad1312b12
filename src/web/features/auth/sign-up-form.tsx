import { signUpFormSchema } from '@shared/schemas/accounts';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { useSchemaForm } from '../../lib/use-schema-form';
import { signUpWithEmail } from './auth-api';
import { useRefreshAccount } from './use-account';

export function SignUpForm({ onSignedUp, submitLabel = 'Create account' }: { onSignedUp: () => void; submitLabel?: string }) {
  const refreshAccount = useRefreshAccount();
  const form = useSchemaForm({ schema: signUpFormSchema, initialValues: { name: '', email: '', password: '' } });
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = form.handleSubmit(async ({ name, email, password }) => {
    setError(null);
    setNotice(null);
    setPending(true);
    try {
      await signUpWithEmail(name, email, password);
      // The answer is the same whether or not the address already had an account (its owner gets an e-mail); only a
      // new account's session works, so ask who is signed in now.
      if (!(await refreshAccount())) {
        setNotice(`We sent a message to ${email}. If you already have an account, sign in instead, or choose "Forgot password?" on the sign-in form.`);
        return;
      }
      onSignedUp();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Sign-up failed. Please try again.');
    } finally {
      setPending(false);
    }
  });

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <FormField label="Full name" autoComplete="name" {...form.textField('name')} required />
      <FormField label="E-mail" type="email" autoComplete="email" {...form.textField('email')} required />
      <FormField
        label="Password"
        type="password"
        autoComplete="new-password"
        {...form.textField('password')}
        hint="At least 8 characters. A short sentence is easy to remember and hard to guess."
        required
      />
      {error && <Alert tone="error">{error}</Alert>}
      {notice && <Alert>{notice}</Alert>}
      <Button type="submit" disabled={pending}>
        {pending ? 'Creating your account…' : submitLabel}
      </Button>
    </form>
  );
}
