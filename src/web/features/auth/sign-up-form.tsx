import { signUpFormSchema } from '@shared/schemas/accounts';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { signUpWithEmail } from './auth-api';
import { useRefreshAccount } from './use-account';

type FieldErrors = Partial<Record<'name' | 'email' | 'password', string>>;

export function SignUpForm({ onSignedUp, submitLabel = 'Create account' }: { onSignedUp: () => void; submitLabel?: string }) {
  const refreshAccount = useRefreshAccount();
  const [values, setValues] = useState({ name: '', email: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setNotice(null);
    const parsed = signUpFormSchema.safeParse(values);
    if (!parsed.success) {
      setFieldErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], issue.message])) as FieldErrors);
      return;
    }
    setFieldErrors({});
    setPending(true);
    try {
      const created = await signUpWithEmail(parsed.data.name, parsed.data.email, parsed.data.password);
      // No session: the address already has an account (the server does not say so here; its owner gets an e-mail).
      if (!created.token) {
        setNotice(`We sent a message to ${parsed.data.email}. If you already have an account, sign in instead, or choose "Forgot password?" on the sign-in form.`);
        return;
      }
      await refreshAccount();
      onSignedUp();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Sign-up failed. Please try again.');
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <FormField label="Full name" name="name" autoComplete="name" value={values.name} onChange={set('name')} error={fieldErrors.name} required />
      <FormField label="E-mail" name="email" type="email" autoComplete="email" value={values.email} onChange={set('email')} error={fieldErrors.email} required />
      <FormField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        value={values.password}
        onChange={set('password')}
        error={fieldErrors.password}
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
