import { useNavigate, useSearchParams } from 'react-router';
import { Card } from '../../components/ui/card';
import { safeRedirectPath, SignInForm } from '../../features/auth';

/** /student/login: after sign-in the student lands on /student, or on the page that sent them here. */
export default function StudentLoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const returnTo = safeRedirectPath(params.get('redirect'), '/student');
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <Card pageTitle title="Student login" description="Welcome back. Sign in to see your transcripts, favorites and appeals.">
        <SignInForm onSignedIn={() => navigate(returnTo, { replace: true })} />
      </Card>
    </div>
  );
}
