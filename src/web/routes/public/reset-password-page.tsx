import { useSearchParams } from 'react-router';
import { Card } from '../../components/ui/card';
import { ResetPasswordForm } from '../../features/auth';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <Card pageTitle title="Choose a new password">
        <ResetPasswordForm token={params.get('token')} linkExpired={Boolean(params.get('error'))} />
      </Card>
    </div>
  );
}
