import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Card } from '../../components/ui/card';
import { SignInForm, startSchoolSignIn } from '../../features/auth';
import { publicConfig } from '../../lib/public-config';

/**
 * /admin-login: with the school's OpenID Connect provider configured, the browser goes there and comes back to
 * /admin (spec section 2); without it, Crosswalk's own sign-in returns to /admin.
 */
export default function AdminLoginPage() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const useSchoolSignIn = publicConfig.adminSingleSignOn;

  useEffect(() => {
    if (!useSchoolSignIn) return;
    startSchoolSignIn('/admin').catch((caught: unknown) => setError(caught instanceof Error ? caught.message : 'The school sign-in is not available.'));
  }, [useSchoolSignIn]);

  if (useSchoolSignIn && !error) {
    return (
      <p role="status" className="mx-auto max-w-md px-4 py-24 text-center text-lg text-slate-700">
        Taking you to your school’s secure sign-in…
      </p>
    );
  }
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <Card pageTitle title="Admin Login" description="For school staff who review appeals and keep equivalency data.">
        {error && (
          <div className="mb-4">
            <Alert tone="error">{error} You can sign in with your Crosswalk password instead.</Alert>
          </div>
        )}
        <SignInForm onSignedIn={() => navigate('/admin', { replace: true })} showSignUpLink={false} />
        <p className="mt-4 text-sm text-slate-600">
          New staff member?{' '}
          <Link to="/admin-signup" className="text-brand-700 underline">
            Create an account
          </Link>
        </p>
      </Card>
    </div>
  );
}
