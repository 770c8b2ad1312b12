import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { announcementQueries } from '../../features/announcements';
import { appealOutcomeText } from '../../features/appeals';
import { ensureStudentRole, SignInPanel, useAccount } from '../../features/auth';
import { BestMatches } from '../../features/destinations';
import { studentQueries, TranscriptReportLink, uploadedWords, useMarkAppealCenterSeen } from '../../features/student';
import { formatDate } from '../../lib/format-date';
import { useDocumentTitle } from '../../lib/use-document-title';

const RECENT_TRANSCRIPTS = 4;

/** An appeal's badge: still open, or its decision. */
const OUTCOME_STYLES = { open: 'bg-slate-100 text-slate-800', approved: 'bg-green-100 text-green-900', denied: 'bg-rose-100 text-rose-900' } as const;

/** /student: a sign-in panel when signed out; signed in, the account is made a student (spec section 4) and sees its hub. */
export default function StudentHubPage() {
  const { data: account, isPending } = useAccount();
  useEffect(() => {
    if (account && !account.roles.includes('student')) void ensureStudentRole().catch(() => undefined);
  }, [account]);
  if (isPending) return <p role="status" className="px-4 py-24 text-center text-slate-600">Loading…</p>;
  if (!account) return <SignInPanel title="Student Portal" description="Sign in to see your transcripts, favorites and appeals." returnTo="/student" />;
  return <StudentHub fallbackName={account.name || account.email} />;
}

function StudentHub({ fallbackName }: { fallbackName: string }) {
  useDocumentTitle('Student hub');
  const me = useQuery(studentQueries.me());
  const announcements = useQuery(announcementQueries.published());
  // Once the hub has shown what changed, this visit counts as seen (the marks stay until the student leaves).
  const markSeen = useMarkAppealCenterSeen();
  const seenRecorded = useRef(false);
  const loaded = me.isSuccess;
  useEffect(() => {
    if (!loaded || seenRecorded.current) return;
    seenRecorded.current = true;
    markSeen.mutate();
  }, [loaded, markSeen]);
  if (me.isPending) return <p role="status" className="px-4 py-24 text-center text-slate-600">Loading your hub…</p>;
  if (me.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <Alert tone="error" title="Unable to load your hub.">Please refresh the page in a moment.</Alert>
      </div>
    );
  }
  const data = me.data;
  // A file the reader found no courses in counts as a transcript only once the student says it is one.
  const transcripts = data.transcripts.filter((transcript) => transcript.noCourses?.state !== 'asked');
  const questions = data.transcripts.length - transcripts.length;
  const recent = transcripts.slice(0, RECENT_TRANSCRIPTS);
  // "Your best matches" come from the most recent transcript that has been analysed.
  const latestAnalysed = transcripts.find((transcript) => transcript.status === 'done') ?? null;
  const changed = data.appeals.filter((appeal) => appeal.changedSinceLastVisit).length;
  const counts = [
    { label: 'Favorites', value: data.favorites.length, href: '/student/profile#favorites' },
    { label: 'Transcripts', value: transcripts.length, href: '/student/profile#transcripts' },
    { label: 'Appeals', value: data.appeals.length, href: '#appeals' },
  ];
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8 sm:py-10">
      <header>
        <h1 className="text-2xl font-extrabold text-slate-900 sm:text-3xl">Welcome, {data.profile.fullName || fallbackName}</h1>
        <p className="mt-1 text-slate-600">Your transcripts, favorite schools and credit appeals in one place.</p>
      </header>

      <section aria-labelledby="snapshot-heading">
        <h2 id="snapshot-heading" className="sr-only">
          Snapshot
        </h2>
        <ul className="grid grid-cols-3 gap-3">
          {counts.map((count) => (
            <li key={count.label}>
              <a href={count.href} className="block rounded-xl border border-slate-200 bg-white p-4 text-center shadow-sm hover:border-brand-300">
                <span className="block text-2xl font-extrabold text-brand-700" data-testid={`count-${count.label.toLowerCase()}`}>
                  {count.value}
                </span>
                <span className="text-sm text-slate-600">{count.label}</span>
              </a>
            </li>
          ))}
        </ul>
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <HubCard title="Favorite universities" id="hub-favorites">
          {data.favorites.length === 0 ? (
            <p className="text-sm text-slate-600">
              No favorites yet. <Link to="/student/profile#favorites" className="font-semibold text-brand-700 underline">Add schools</Link> you are thinking about.
            </p>
          ) : (
            <ul className="flex flex-wrap gap-2">
              {data.favorites.map((favorite) => (
                <li key={favorite.id} className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800">
                  {favorite.school}
                </li>
              ))}
            </ul>
          )}
        </HubCard>

        <HubCard title="Recent transcripts" id="hub-transcripts">
          {questions > 0 && (
            <p role="status" className="mb-3 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950">
              We found no courses in {questions === 1 ? 'a file' : `${questions} files`} you uploaded.{' '}
              <Link to="/student/profile#transcripts" className="font-semibold underline">
                Tell us whether {questions === 1 ? 'it is a transcript' : 'they are transcripts'}
              </Link>
              .
            </p>
          )}
          {recent.length === 0 ? (
            <p className="text-sm text-slate-600">
              No transcripts yet. <Link to="/student/profile#transcripts" className="font-semibold text-brand-700 underline">Upload one</Link>.
            </p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {recent.map((transcript) => (
                <li key={transcript.id} className="flex items-center justify-between gap-3 py-2">
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-slate-900">{transcript.name}</span>
                    {/* Where and when: two uploads of one file read apart. */}
                    <span className="block text-xs text-slate-600 first-letter:uppercase">{uploadedWords(transcript)}</span>
                  </span>
                  <span className="flex shrink-0 gap-3">
                    <TranscriptReportLink transcript={transcript} className="text-sm font-semibold text-brand-700 hover:underline" />
                    {transcript.url && (
                      <a href={transcript.url} className="text-sm font-semibold text-brand-700 hover:underline" aria-label={`View ${transcript.name}`}>
                        View
                      </a>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </HubCard>
      </div>

      <HubCard title="Your best matches" id="hub-best-matches">
        {latestAnalysed ? (
          <BestMatches transcriptId={latestAnalysed.id} />
        ) : (
          <p className="text-sm text-slate-600">
            Analyze a transcript to see the schools where most of your credits count.{' '}
            <Link to="/student/profile#transcripts" className="font-semibold text-brand-700 underline">
              Your transcripts
            </Link>
          </p>
        )}
      </HubCard>

      <HubCard title="Credit appeal center" id="appeals">
        {data.appeals.length === 0 ? (
          <p className="text-sm text-slate-600">No appeals yet. If a course did not transfer, you can ask the school to look again.</p>
        ) : (
          <div>
            {changed > 0 && (
              <p role="status" className="mb-3 rounded-md border border-brand-200 bg-brand-50 px-3 py-2 text-sm font-semibold text-brand-900">
                {changed === 1 ? '1 appeal has' : `${changed} appeals have`} changed since your last visit.
              </p>
            )}
            {/* One row per appeal: four columns on wider screens, stacked on a phone. */}
            <div aria-hidden="true" className="hidden grid-cols-[2fr_1fr_1fr_2fr] gap-3 pb-2 text-xs font-semibold text-slate-500 uppercase sm:grid">
              <span>Course</span>
              <span>Submitted</span>
              <span>Status</span>
              <span>Target</span>
            </div>
            <ul className="divide-y divide-slate-100 border-t border-slate-100">
              {data.appeals.map((appeal) => (
                <li key={appeal.id} className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 py-2 text-sm sm:grid-cols-[2fr_1fr_1fr_2fr] sm:items-center">
                  <span className="flex flex-wrap items-center gap-2">
                    <Link to={`/student/appeals/${appeal.id}`} className="font-semibold text-brand-700 hover:underline">
                      {appeal.courseName}
                    </Link>
                    {appeal.changedSinceLastVisit && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900">New</span>}
                  </span>
                  <span className="text-slate-700 sm:order-none">
                    <span className="sr-only">Submitted </span>
                    {formatDate(appeal.createdAt)}
                  </span>
                  <span>
                    <span className="sr-only">Status: </span>
                    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold capitalize ${OUTCOME_STYLES[appeal.decision ?? 'open']}`}>{appealOutcomeText(appeal)}</span>
                  </span>
                  <span className="text-slate-700">
                    <span className="sr-only">Target: </span>
                    <span aria-hidden="true" className="sm:hidden">→ </span>
                    {appeal.targetSchool}
                  </span>
                  {appeal.studentMessage && (
                    <p className="col-span-full whitespace-pre-line text-slate-700">
                      <span className="font-semibold">From the transfer office: </span>
                      {appeal.studentMessage}
                    </p>
                  )}
                </li>
              ))}
            </ul>
          </div>
        )}
        <Link to="/student/appeal" className="mt-4 inline-block rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
          Start an appeal
        </Link>
      </HubCard>

      <div className="grid gap-6 lg:grid-cols-2">
        <HubCard title="Announcements" id="hub-announcements">
          {announcements.isPending ? (
            <p className="text-sm text-slate-600">Loading announcements…</p>
          ) : announcements.isError || announcements.data.length === 0 ? (
            <p className="text-sm text-slate-600">No announcements right now.</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {announcements.data.map((announcement) => (
                <li key={announcement.id}>
                  <p className="font-semibold text-slate-900">{announcement.title}</p>
                  <p className="text-sm whitespace-pre-line text-slate-700">{announcement.body}</p>
                  <p className="text-xs text-slate-500">{formatDate(announcement.createdAt)}</p>
                </li>
              ))}
            </ul>
          )}
        </HubCard>
        <HubCard title="Quick links" id="hub-links">
          <ul className="grid grid-cols-2 gap-2 text-sm">
            {[
              ['Edit profile', '/student/profile'],
              ['Transcripts', '/student/profile#transcripts'],
              ['Favorites', '/student/profile#favorites'],
              ['Submit an appeal', '/student/appeal'],
            ].map(([label, href]) => (
              <li key={href}>
                <Link to={href!} className="block rounded-md border border-slate-200 px-3 py-2 font-semibold text-brand-700 hover:bg-brand-50">
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </HubCard>
      </div>
    </div>
  );
}

function HubCard({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-24 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={`${id}-heading`} className="mb-3 text-lg font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
