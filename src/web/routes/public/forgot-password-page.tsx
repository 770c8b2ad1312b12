import { Card } from '../../components/ui/card';
import { ForgotPasswordForm } from '../../features/auth';

export default function ForgotPasswordPage() {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <Card pageTitle title="Reset your password" description="We will e-mail you a link to choose a new password.">
        <ForgotPasswordForm />
      </Card>
    </div>
  );
}
