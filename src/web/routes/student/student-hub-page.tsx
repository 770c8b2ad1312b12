import { useEffect } from 'react';
import { ComingSoon } from '../../components/layout/coming-soon';
import { ensureStudentRole } from '../../features/auth/auth-api';
import { SignInPanel } from '../../features/auth/sign-in-panel';
import { useAccount } from '../../features/auth/use-account';

/** /student: a sign-in panel when signed out; signed in, the account is made a student (spec section 4). */
export default function StudentHubPage() {
  const { data: account, isPending } = useAccount();
  useEffect(() => {
    if (account && !account.roles.includes('student')) void ensureStudentRole().catch(() => undefined);
  }, [account]);
  if (isPending) return <p role="status" className="px-4 py-24 text-center text-slate-600">Loading…</p>;
  if (!account) return <SignInPanel title="Student Portal" description="Sign in to see your transcripts, favorites and appeals." returnTo="/student" />;
  return <ComingSoon title={`Welcome, ${account.name || account.email}`} />;
}
