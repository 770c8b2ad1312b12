import { useQuery } from '@tanstack/react-query';
import { ArrowRight, FileText, GraduationCap, Inbox, CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { adminAppealQueries, adminStatsQueries, ReferenceDataPanel } from '../../features/admin';
import { appealStatusText } from '../../features/appeals';
import { RuleHealthTotals } from '../../features/rule-health';
import { formatDate } from '../../lib/format-date';
import { useDocumentTitle } from '../../lib/use-document-title';

const QUEUE_SIZE = 4; // spec section 9: the hub's appeals queue shows 4

const quickActions = [
  { to: '/admin/students', label: 'Browse the student directory' },
  { to: '/admin/appeals', label: 'Review appeals' },
  { to: '/admin/evaluation-queue', label: 'Decide courses waiting for review' },
  { to: '/admin/rule-health', label: 'Check the rules’ health' },
  { to: '/admin/courses', label: 'Upload course data' },
  { to: '/admin/announcements', label: 'Post an announcement' },
];

/** The admin hub (spec section 2): four stat cards, the submitted-appeals queue, quick actions and communications. */
export default function AdminHubPage() {
  useDocumentTitle('Admin Hub');
  const stats = useQuery(adminStatsQueries.figures());
  const queue = useQuery(adminAppealQueries.reviewQueue());

  const cards = [
    { label: 'Students', value: stats.data?.students, to: '/admin/students', icon: GraduationCap },
    { label: 'Transcripts', value: stats.data?.transcripts, to: '/admin/students', icon: FileText },
    // Pending = not yet resolved (submitted or in review); each appeals card opens the list filtered to the same appeals.
    { label: 'Pending appeals', value: stats.data?.pendingAppeals, to: '/admin/appeals?status=pending', icon: Inbox },
    { label: 'Resolved appeals', value: stats.data?.resolvedAppeals, to: '/admin/appeals?status=resolved', icon: CheckCircle2 },
  ];
  const pending = (queue.data?.appeals ?? []).slice(0, QUEUE_SIZE);

  return (
    <div className="flex flex-col gap-8">
      <header>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Admin Hub</h1>
        <p className="mt-1 text-slate-600">Transfer appeals, students and equivalency data in one place.</p>
      </header>

      <section aria-label="Statistics">
        <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {cards.map(({ label, value, to, icon: Icon }) => (
            <li key={label}>
              <Link to={to} className="flex h-full flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-300 hover:shadow">
                <span className="flex items-center gap-2 text-sm font-medium text-slate-600">
                  <Icon aria-hidden="true" className="size-4 text-brand-700" />
                  {label}
                </span>
                <span className="text-3xl font-bold text-slate-900">{stats.isError ? '—' : (value ?? '…').toLocaleString()}</span>
              </Link>
            </li>
          ))}
        </ul>
        {stats.isError && (
          <div className="mt-3">
            <Alert tone="error">Unable to load the statistics.</Alert>
          </div>
        )}
      </section>

      <div className="grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="queue-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm lg:col-span-2">
          <div className="flex items-center justify-between gap-3">
            <h2 id="queue-heading" className="text-lg font-bold text-slate-900">
              Appeals needing review
            </h2>
            <Link to="/admin/appeals" className="text-sm font-semibold text-brand-700 hover:underline">
              All appeals
            </Link>
          </div>
          {queue.isPending ? (
            <p role="status" className="mt-4 text-slate-600">
              Loading appeal data…
            </p>
          ) : queue.isError ? (
            <div className="mt-4">
              <Alert tone="error">{queue.error.message}</Alert>
            </div>
          ) : pending.length === 0 ? (
            <p className="mt-4 text-slate-600">No pending appeals—enjoy the breather!</p>
          ) : (
            <ul className="mt-3 divide-y divide-slate-100">
              {pending.map((appeal) => (
                <li key={appeal.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">{appeal.courseName}</p>
                    <p className="text-sm text-slate-600">
                      {appeal.student.name} · {appeal.targetSchool} · {appealStatusText(appeal.status)} · {formatDate(appeal.createdAt)}
                    </p>
                  </div>
                  <Link
                    to={`/admin/appeals?highlight=${encodeURIComponent(appeal.id)}`}
                    aria-label={`Open appeal for ${appeal.courseName} from ${appeal.student.name}`}
                    className="inline-flex items-center gap-1 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-semibold text-brand-800 hover:bg-slate-50"
                  >
                    Open <ArrowRight aria-hidden="true" className="size-4" />
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="actions-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="actions-heading" className="text-lg font-bold text-slate-900">
            Quick actions
          </h2>
          <ul className="mt-3 flex flex-col gap-2">
            {quickActions.map((action) => (
              <li key={action.to}>
                <Link to={action.to} className="flex items-center justify-between rounded-md px-3 py-2 font-medium text-brand-800 ring-1 ring-slate-200 hover:bg-slate-50">
                  {action.label}
                  <ArrowRight aria-hidden="true" className="size-4" />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>

      <RuleHealthTotals />

      <ReferenceDataPanel referenceData={stats.data?.referenceData} />

      <section aria-labelledby="comms-heading" className="rounded-xl border border-slate-200 bg-slate-50 p-5">
        <h2 id="comms-heading" className="text-lg font-bold text-slate-900">
          Communications
        </h2>
        <p className="mt-2 text-slate-700">
          Students hear from you automatically: every status change on an appeal e-mails the student, with the message you write when you resolve it
          and a link to their appeal page. We promise students an update within 3 business days.
        </p>
        <p className="mt-2 text-slate-700">
          For news that concerns everyone — deadlines, new partner schools, changes to transfer policy — post an announcement; it appears on the
          student hub.
        </p>
      </section>
    </div>
  );
}
