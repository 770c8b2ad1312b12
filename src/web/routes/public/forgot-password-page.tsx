import { useState, type FormEvent } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { requestPasswordReset } from '../../features/auth/auth-api';

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      await requestPasswordReset(email.trim());
      setSent(true);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Please try again in a moment.');
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <Card pageTitle title="Reset your password" description="We will e-mail you a link to choose a new password.">
        {sent ? (
          <Alert tone="success">If an account uses {email.trim()}, a reset link is on its way. It works for one hour.</Alert>
        ) : (
          <form onSubmit={submit} className="flex flex-col gap-4">
            <FormField label="E-mail" type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} required />
            {error && <Alert tone="error">{error}</Alert>}
            <Button type="submit" disabled={pending || email.trim() === ''}>
              {pending ? 'Sending…' : 'Send reset link'}
            </Button>
          </form>
        )}
      </Card>
    </div>
  );
}
