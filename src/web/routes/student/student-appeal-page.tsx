import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../components/ui/alert';
import { SignInPanel, useAccount } from '../../features/auth';
import { AppealForm, studentQueries } from '../../features/student';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /student/appeal: ask the destination school to reconsider a course (spec sections 2, 5 and 8). */
export default function StudentAppealPage() {
  useDocumentTitle('Submit an appeal');
  const { data: account, isPending } = useAccount();
  const me = useQuery({ ...studentQueries.me(), enabled: Boolean(account) });
  if (isPending) return <p role="status" className="px-4 py-24 text-center text-slate-600">Loading…</p>;
  if (!account) return <SignInPanel title="Sign in to submit an appeal" description="Appeals are sent from your student account: please sign in first." returnTo="/student/appeal" />;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-10">
      <h1 className="text-2xl font-extrabold text-slate-900 sm:text-3xl">Submit a credit appeal</h1>
      <p className="mt-1 mb-6 text-slate-600">Ask your transfer school to take another look at a course that did not transfer.</p>
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        {me.isPending ? (
          <p role="status" className="text-slate-600">
            Loading…
          </p>
        ) : me.isError ? (
          <Alert tone="error">Unable to load your profile. Please refresh the page.</Alert>
        ) : (
          <AppealForm me={me.data} accountName={account.name} accountEmail={account.email} />
        )}
      </section>
    </div>
  );
}
