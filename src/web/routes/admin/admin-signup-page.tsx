import { Link, useNavigate } from 'react-router';
import { Card } from '../../components/ui/card';
import { SignUpForm } from '../../features/auth';

/** /admin-signup: creates an account and returns to /admin. The admin role itself is given only by an admin or ADMIN_EMAILS. */
export default function AdminSignupPage() {
  const navigate = useNavigate();
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <Card
        pageTitle
        title="Create a staff account"
        description="After you sign up, an existing admin of your school gives your account the admin role on the Settings page."
      >
        <SignUpForm onSignedUp={() => navigate('/admin', { replace: true })} submitLabel="Create staff account" />
        <p className="mt-4 text-sm text-slate-600">
          Already have an account?{' '}
          <Link to="/admin-login" className="text-brand-700 underline">
            Admin Login
          </Link>
        </p>
      </Card>
    </div>
  );
}
