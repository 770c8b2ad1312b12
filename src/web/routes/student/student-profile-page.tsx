import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { SignInPanel, useAccount } from '../../features/auth';
import { SavedSearchesList } from '../../features/search';
import { CompareSection, DataControls, FavoritesSection, ProfileForm, studentQueries, TranscriptsSection } from '../../features/student';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /student/profile (spec section 2): profile form, saved searches, transcripts, favorites, compare, data controls. */
export default function StudentProfilePage() {
  useDocumentTitle('Your profile');
  const { data: account, isPending } = useAccount();
  if (isPending) return <p role="status" className="px-4 py-24 text-center text-slate-600">Loading…</p>;
  if (!account) return <SignInPanel title="Sign in to see your profile" returnTo="/student/profile" />;
  return <Profile />;
}

function Profile() {
  const me = useQuery(studentQueries.me());
  const { hash } = useLocation();
  // "Where your credits count" opens Compare with the two schools the student picked there.
  const [params] = useSearchParams();
  const compareA = params.get('compareA');
  const compareB = params.get('compareB');
  const loaded = me.isSuccess;
  // Links like /student/profile#transcripts land on their section once it exists.
  useEffect(() => {
    if (loaded && hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [loaded, hash]);

  if (me.isPending) return <p role="status" className="px-4 py-24 text-center text-slate-600">Loading your profile…</p>;
  if (me.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <Alert tone="error" title="Unable to load your profile.">Please refresh the page in a moment.</Alert>
      </div>
    );
  }
  const { profile, favorites, transcripts } = me.data;
  const favoriteNames = favorites.map((favorite) => favorite.school);
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:py-10">
      <h1 className="text-2xl font-extrabold text-slate-900 sm:text-3xl">Your profile</h1>
      <Section id="profile" title="Profile">
        <ProfileForm profile={profile} />
      </Section>
      <Section id="saved-searches" title="Saved searches">
        <SavedSearchesList />
      </Section>
      <Section id="transcripts" title="Transcripts">
        <TranscriptsSection transcripts={transcripts} favorites={favoriteNames} />
      </Section>
      <Section id="favorites" title="Favorite universities">
        <FavoritesSection favorites={favorites} />
      </Section>
      <Section id="compare" title="Compare favorites">
        <CompareSection favorites={favoriteNames} intendedMajor={profile.intendedMajor} initial={compareA && compareB ? [compareA, compareB] : undefined} />
      </Section>
      <Section id="your-data" title="Your data">
        <DataControls />
      </Section>
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-24 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={`${id}-heading`} className="mb-4 text-lg font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
