import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { CourseTransfer } from '@shared/schemas/course';
import { VERDICT_CLASS_INFO } from '@shared/schemas/verdict-class';
import { VerdictBadge } from '../../components/ui/verdict-badge';
import { courseQueries, SampleListingBadge } from '../../features/search';
import { ApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Another code's transfers listed on this page; the rest are on that code's own page (statewide numbering names dozens). */
const OTHER_CODE_TRANSFERS_SHOWN = 5;

/** What a transfer counts as: "ENC 1101 Freshman Composition + ENC 1101L Lab". */
const targetsText = (transfer: CourseTransfer) => transfer.targets.map((target) => [target.subject, target.number, target.title].filter(Boolean).join(' ')).join(' + ');

const ORIGIN_LABELS: Record<string, string> = {
  seed: 'Demo data',
  csv: 'Imported from the school’s equivalency table',
  admin: 'Entered by a registrar',
  'statewide-numbering': 'Florida statewide course numbering',
  appeal: 'Granted on appeal',
};

function RuleFacts({ transfer }: { transfer: CourseTransfer }) {
  const effective = [transfer.effectiveFromTerm && `from ${transfer.effectiveFromTerm}`, transfer.effectiveToTerm && `until ${transfer.effectiveToTerm}`]
    .filter(Boolean)
    .join(' ');
  const facts: Array<[string, string | null]> = [
    ['Credits awarded', transfer.creditsAwarded === null ? null : `${transfer.creditsAwarded}${transfer.creditUnit ? ` ${transfer.creditUnit} units` : ''}`],
    ['Minimum grade', transfer.minGrade],
    ['Effective', effective || null],
    ['Not in effect now', transfer.termNote],
    ['Source of the rule', ORIGIN_LABELS[transfer.origin] ?? transfer.origin],
    ['Notes', transfer.notes],
    ['Approved', transfer.approval],
  ];
  return (
    <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
      {facts
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label} className="flex gap-2">
            <dt className="text-slate-500">{label}:</dt>
            <dd className="text-slate-900">{value}</dd>
          </div>
        ))}
    </dl>
  );
}

/** The school the student searched for first, the others as the server lists them. */
const targetFirst = (transfers: CourseTransfer[], targetKey: string | null) =>
  targetKey ? [...transfers.filter((transfer) => transfer.toSchool.key === targetKey), ...transfers.filter((transfer) => transfer.toSchool.key !== targetKey)] : transfers;

/** One answer on the page and the schools it is the answer at (one, or many where statewide numbering says the same). */
interface TransferGroup {
  transfer: CourseTransfer;
  schools: Array<CourseTransfer['toSchool']>;
}

/**
 * Statewide numbering gives one course the same answer at dozens of schools ("Not guaranteed" at 39 for a 900-series
 * number): shown once, naming the schools, instead of 39 identical cards a phone scrolls through. Answers from a rule,
 * and the school the student searched for, keep a card of their own.
 */
function groupSameAnswers(transfers: CourseTransfer[], keepAlone: string | null): TransferGroup[] {
  const groups: TransferGroup[] = [];
  const byAnswer = new Map<string, TransferGroup>();
  for (const transfer of transfers) {
    if (transfer.ruleId !== null || transfer.origin !== 'statewide-numbering' || transfer.toSchool.key === keepAlone) {
      groups.push({ transfer, schools: [transfer.toSchool] });
      continue;
    }
    const answer = JSON.stringify([transfer.verdictClass, targetsText(transfer), transfer.transferNote, transfer.creditsAwarded, transfer.creditUnit, transfer.termNote, transfer.minGrade]);
    const same = byAnswer.get(answer);
    if (same) {
      same.schools.push(transfer.toSchool);
      continue;
    }
    const group = { transfer, schools: [transfer.toSchool] };
    byAnswer.set(answer, group);
    groups.push(group);
  }
  return groups;
}

/** How many school names a grouped answer shows before "and N more". */
const GROUP_NAMES_SHOWN = 3;

function GroupHeading({ schools }: { schools: TransferGroup['schools'] }) {
  if (schools.length === 1) return <h3 className="font-bold text-slate-900">{schools[0]!.name}</h3>;
  return <h3 className="font-bold text-slate-900">{schools.length} schools</h3>;
}

function GroupSchools({ schools }: { schools: TransferGroup['schools'] }) {
  if (schools.length === 1) return null;
  const names = schools.map((school) => school.name);
  return (
    <div className="mt-1 text-sm text-slate-700">
      <p>
        The same answer at {names.slice(0, GROUP_NAMES_SHOWN).join(', ')}
        {names.length > GROUP_NAMES_SHOWN ? ` and ${names.length - GROUP_NAMES_SHOWN} more.` : '.'}
      </p>
      {names.length > GROUP_NAMES_SHOWN && (
        <details className="mt-1">
          <summary className="cursor-pointer font-semibold text-brand-700">All {names.length} schools</summary>
          <ul className="mt-1 list-disc pl-5">
            {names.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

/**
 * /course/:id: the course, its offerings, and where it transfers with the rule behind each answer; `?to=KEY` (a search's
 * destination, from its card) lists that school first.
 */
export default function CourseDetailsPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const targetKey = params.get('to');
  const navigate = useNavigate();
  const details = useQuery({ ...courseQueries.detail(id ?? ''), enabled: Boolean(id) });
  const missing = details.error instanceof ApiError && (details.error.status === 404 || details.error.status === 400);
  useDocumentTitle(details.data ? `${details.data.course.courseNumber} ${details.data.course.title}` : missing ? 'Course not found' : 'Course details');
  const back = (
    <button type="button" onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/search'))} className="text-sm font-semibold text-brand-700 hover:underline">
      ← Back to search
    </button>
  );

  if (details.isPending) {
    return (
      <p role="status" className="mx-auto max-w-4xl px-4 py-16 text-center text-slate-600">
        Loading course…
      </p>
    );
  }
  if (details.isError) {
    return (
      <section className="mx-auto flex max-w-2xl flex-col items-center gap-3 px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900">{missing ? 'Course not found' : 'Something went wrong'}</h1>
        <p className="text-slate-600">{missing ? 'We have no course with this address. It may have been removed from the catalogue.' : details.error.message}</p>
        <Link to="/search" className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white">
          Search courses
        </Link>
      </section>
    );
  }

  const { course, offerings, otherCodesTransfers } = details.data;
  const transfers = targetFirst(details.data.transfers, targetKey);
  const targetListed = targetKey !== null && transfers[0]?.toSchool.key === targetKey;
  const groups = groupSameAnswers(transfers, targetListed ? targetKey : null);
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-8">
      <div>{back}</div>
      <header className="flex flex-col gap-2">
        <p className="text-sm font-semibold text-brand-700">
          {course.courseNumber} · {course.school.name}
        </p>
        <h1 className="text-3xl font-extrabold text-slate-900">{course.title}</h1>
        <p className="text-sm text-slate-600">
          {[course.credits && `${course.credits} ${course.credits === '1' ? 'credit' : 'credits'}`, course.school.institutionType, course.school.state].filter(Boolean).join(' · ')}
        </p>
        {course.alsoListedAs.length > 0 && (
          <p className="text-sm text-slate-700">
            <span className="font-semibold">Also listed as </span>
            {course.alsoListedAs.map((other, index) => (
              <span key={other.id}>
                {index > 0 && ', '}
                <Link to={`/course/${other.id}`} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
                  {other.courseNumber}
                </Link>
              </span>
            ))}
            <span className="text-slate-600">: the same course under another subject. A transfer rule may name any of these codes.</span>
          </p>
        )}
        {course.description && <p className="mt-2 text-slate-700">{course.description}</p>}
      </header>

      <section aria-labelledby="transfers-heading" className="flex flex-col gap-3">
        <h2 id="transfers-heading" className="text-xl font-bold text-slate-900">
          Where it transfers
        </h2>
        {transfers.length === 0 ? (
          <p className="rounded-lg bg-slate-100 p-4 text-slate-700">
            No equivalency rules on file for this course yet. The registrar of your target school decides how it transfers.
          </p>
        ) : (
          <ul className="flex flex-col gap-3">
            {groups.map(({ transfer, schools }, index) => (
              <li
                key={transfer.ruleId ?? `statewide-${transfer.toSchool.key}`}
                className={`rounded-xl border bg-white p-4 ${targetListed && transfer.toSchool.key === targetKey ? 'border-brand-600 ring-1 ring-brand-600' : 'border-slate-200'}`}
              >
                <div className="flex flex-wrap items-center gap-2">
                  <GroupHeading schools={schools} />
                  {targetListed && index === 0 && <span className="text-xs font-semibold text-brand-800 uppercase">The school you searched for</span>}
                  <VerdictBadge verdictClass={transfer.verdictClass} />
                </div>
                <p className="mt-1 text-slate-800">
                  {transfer.equivalentAt
                    ? `Counts as ${targetsText(transfer)}${transfer.verdictClass === 'specific-course' ? '' : `: ${VERDICT_CLASS_INFO[transfer.verdictClass].label.toLowerCase()}`}`
                    : (transfer.transferNote ?? VERDICT_CLASS_INFO[transfer.verdictClass].meaning)}
                </p>
                <GroupSchools schools={schools} />
                {transfer.alsoRequires.length > 0 && (
                  <p className="mt-1 text-sm text-slate-600">
                    Only together with {transfer.alsoRequires.map((source) => [source.subject, source.number, source.title].filter(Boolean).join(' ')).join(', ')}.
                  </p>
                )}
                <RuleFacts transfer={transfer} />
              </li>
            ))}
          </ul>
        )}
        {otherCodesTransfers.length > 0 && (
          <div className="flex flex-col gap-3 rounded-xl border border-dashed border-slate-300 bg-slate-50 p-4">
            <h3 className="font-bold text-slate-900">Under its other codes</h3>
            <p className="text-sm text-slate-700">
              These answers are for {otherCodesTransfers.map((other) => other.courseNumber).join(' or ')}, the same course under another code: they are not
              decisions for {course.courseNumber}. The same course usually transfers the same way, but a school decides for the code on your transcript:
              ask its registrar to confirm.
            </p>
            {otherCodesTransfers.map((other) => (
              <div key={other.id} className="flex flex-col gap-1">
                <Link to={`/course/${other.id}`} className="text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800">
                  {other.courseNumber}
                </Link>
                <ul className="flex flex-col gap-1" aria-label={`Where ${other.courseNumber} transfers`}>
                  {other.transfers.slice(0, OTHER_CODE_TRANSFERS_SHOWN).map((transfer) => (
                    <li key={transfer.ruleId ?? `statewide-${transfer.toSchool.key}`} className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
                      <span>
                        {transfer.toSchool.name}
                        {transfer.equivalentAt
                          ? `: counts as ${targetsText(transfer)}`
                          : transfer.origin === 'statewide-numbering'
                            ? ': by statewide course numbering'
                            : ''}
                      </span>
                      <VerdictBadge verdictClass={transfer.verdictClass} />
                    </li>
                  ))}
                </ul>
                {other.transfers.length > OTHER_CODE_TRANSFERS_SHOWN && (
                  <p className="text-sm text-slate-700">
                    And {other.transfers.length - OTHER_CODE_TRANSFERS_SHOWN} more schools: see{' '}
                    <Link to={`/course/${other.id}`} className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800">
                      {other.courseNumber}
                    </Link>
                    .
                  </p>
                )}
              </div>
            ))}
          </div>
        )}
      </section>

      <section aria-labelledby="offerings-heading" className="flex flex-col gap-3">
        <h2 id="offerings-heading" className="text-xl font-bold text-slate-900">
          Scheduled offerings
        </h2>
        {offerings.length === 0 ? (
          <p className="rounded-lg bg-slate-100 p-4 text-slate-700">No scheduled offerings listed. Check {course.school.name}&apos;s class schedule.</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {offerings.map((offering) => (
              <li key={offering.id} className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold text-slate-900">{offering.term}</span>
                  <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">{offering.deliveryFormat}</span>
                  {offering.isSample && <SampleListingBadge />}
                </div>
                <p className="text-sm text-slate-700">
                  {[offering.professor, offering.rating !== null && `${offering.rating.toFixed(1)} / 5`, offering.tuition, offering.isSample ? 'Sample: check the school’s schedule' : offering.isAvailable ? 'Open' : 'Not available']
                    .filter(Boolean)
                    .join(' · ')}
                </p>
                <div className="flex flex-wrap gap-2">
                  {offering.registrationLink && (
                    <a href={offering.registrationLink} target="_blank" rel="noopener noreferrer" className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium">
                      Register<span className="sr-only"> (opens in a new tab)</span>
                    </a>
                  )}
                  {offering.rateMyProfLink && (
                    <a href={offering.rateMyProfLink} target="_blank" rel="noopener noreferrer" className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium">
                      Professor ratings<span className="sr-only"> (opens in a new tab)</span>
                    </a>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
