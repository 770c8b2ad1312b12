import { useNavigate } from 'react-router';
import { Card } from '../../components/ui/card';
import { SignInForm } from './sign-in-form';

/**
 * Shown where a page needs an account; after sign-in the visitor stays on (or returns to) `returnTo`. `forStaff`: the
 * staff's sign-in (/admin), which offers no student account.
 */
export function SignInPanel({
  title = 'Sign in to continue',
  description,
  returnTo,
  forStaff = false,
}: {
  title?: string;
  description?: string;
  returnTo: string;
  forStaff?: boolean;
}) {
  const navigate = useNavigate();
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <Card pageTitle title={title} description={description}>
        <SignInForm onSignedIn={() => navigate(returnTo, { replace: true })} showSignUpLink={!forStaff} />
      </Card>
    </div>
  );
}
