import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { Card } from '../../components/ui/card';
import { ensureStudentRole, SignUpForm, useAccount } from '../../features/auth';

/**
 * /student/signup. Once signed in it shows 'Setting up your student profile…', makes sure the account has the
 * student role, and goes to the profile, replacing history, even if that update fails (spec section 4).
 */
export default function StudentSignupPage() {
  const { data: account } = useAccount();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (!account || started.current) return;
    started.current = true;
    void ensureStudentRole()
      .catch(() => undefined)
      .finally(() => navigate('/student/profile', { replace: true }));
  }, [account, navigate]);

  if (account) {
    return (
      <p role="status" className="mx-auto max-w-md px-4 py-24 text-center text-lg text-slate-700">
        Setting up your student profile…
      </p>
    );
  }
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <Card pageTitle title="Create your student account" description="Free for students. Keep your transcripts, favorites and appeals in one place.">
        <SignUpForm onSignedUp={() => undefined} />
        <p className="mt-4 text-sm text-slate-600">
          Already have an account?{' '}
          <Link to="/student/login" className="text-brand-700 underline">
            Sign in
          </Link>
        </p>
      </Card>
    </div>
  );
}
