import { Link } from 'react-router';
import type { CourseSearchResult } from '@shared/schemas/course';
import { transfersFully, VERDICT_CLASS_INFO, type VerdictClass } from '@shared/schemas/verdict-class';
import { VerdictBadge } from '../../components/ui/verdict-badge';

/**
 * What the course becomes, above the reason: "Equivalent at" a school's course only for a specific course; elective or
 * general-education credit "Counts as" the placeholder the school names, never in the green of a full transfer.
 */
export function CreditAt({ verdictClass, equivalentAt }: { verdictClass: VerdictClass; equivalentAt: string }) {
  if (transfersFully(verdictClass)) {
    return (
      <p className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
        <span className="font-semibold">Equivalent at </span>
        {equivalentAt}
      </p>
    );
  }
  return (
    <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-800">
      <span className="font-semibold">{VERDICT_CLASS_INFO[verdictClass].label} at </span>
      {equivalentAt}
      <span className="mt-1 block text-slate-600">{VERDICT_CLASS_INFO[verdictClass].meaning}</span>
    </p>
  );
}

export function SampleListingBadge() {
  return (
    <span
      className="rounded-full border border-dashed border-slate-400 px-2.5 py-0.5 text-xs font-semibold text-slate-600"
      title="Demo data: the professor, rating and price are invented"
    >
      Sample listing
    </span>
  );
}

/** One fact of the card; a fact the course has no value for is left out rather than shown as "Not listed". */
function Field({ label, value }: { label: string; value: React.ReactNode }) {
  if (value === null || value === undefined || value === '') return null;
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="text-sm break-words text-slate-900">{value}</dd>
    </div>
  );
}

const externalLink = 'inline-flex items-center rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50';

/** One search result (spec section 3, "Catalogue course"). Unknown fields are left out; nothing is invented. `targetChosen`: the search named a school to transfer to. */
export function CourseResultCard({ result, targetChosen = true, targetKey = null }: { result: CourseSearchResult; targetChosen?: boolean; targetKey?: string | null }) {
  // A sample listing is not a real section: it never reads as open for registration.
  const availability = result.isSample
    ? 'Sample: check the school’s schedule'
    : result.isAvailable === null
      ? null
      : result.isAvailable
        ? 'Open for registration'
        : 'Not available';
  return (
    <article className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" aria-label={`${result.courseNumber} ${result.courseName}`}>
      <div className="flex flex-wrap items-center gap-2">
        {/* A verdict is about one destination: with none chosen there is nothing to judge, so no badge at all. */}
        {targetChosen && <VerdictBadge verdictClass={result.verdictClass} />}
        {result.deliveryFormat && <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">{result.deliveryFormat}</span>}
        {result.isSample && <SampleListingBadge />}
        {/* A course with no section on file: its format and term are not known, so it never reads as matching them. */}
        {result.schedule === 'unknown' && (
          <span className="rounded-full border border-slate-300 px-2.5 py-0.5 text-xs font-semibold text-slate-700" title="No section of this course is on file">
            Schedule unknown
          </span>
        )}
      </div>
      <div>
        <p className="text-sm font-semibold text-brand-700">
          {result.courseNumber} · {result.school}
        </p>
        <h3 className="text-lg leading-snug font-bold text-slate-900">{result.courseName}</h3>
        {result.alsoListedAs.length > 0 && <p className="text-sm text-slate-600">Also listed as {result.alsoListedAs.join(', ')}</p>}
      </div>
      {!targetChosen ? (
        <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700">
          Choose the school you are transferring to, to see whether this course transfers there.
          {result.equivalentAt && <span className="mt-1 block text-slate-600">On file: {result.equivalentAt}</span>}
        </p>
      ) : result.equivalentAt ? (
        <CreditAt verdictClass={result.verdictClass} equivalentAt={result.equivalentAt} />
      ) : result.transferNote ? (
        <p className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">{result.transferNote}</p>
      ) : (
        <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-600">
          {result.termNote
            ? result.termNote
            : result.transferStatus === 'not-transferable' || result.verdictClass === 'not-guaranteed'
              ? VERDICT_CLASS_INFO[result.verdictClass].meaning
              : 'No equivalency rule on file yet: the registrar decides.'}
        </p>
      )}
      {result.reason && (result.transferStatus !== 'unknown' || result.verdictClass === 'not-guaranteed') && (
        <p className="text-sm text-slate-600">
          <span className="font-semibold text-slate-700">Why: </span>
          {result.reason}
        </p>
      )}
      {result.knownFrom === 'rule' && (
        <p className="text-xs text-slate-500">Not in {result.school}’s catalogue on Crosswalk: this course is known from a transfer rule that names it.</p>
      )}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
        <Field label="Credits" value={result.credits} />
        <Field label="Term" value={result.term} />
        <Field label="Tuition" value={result.tuition} />
        <Field label="Professor" value={result.professor} />
        <Field label="Rating" value={result.rating === null ? null : `${result.rating.toFixed(1)} / 5`} />
        <Field label="Institution" value={result.institutionType} />
        {availability && <Field label="Availability" value={availability} />}
      </dl>
      <div className="flex flex-wrap gap-2 pt-1">
        <Link to={targetKey ? `/course/${result.id}?to=${encodeURIComponent(targetKey)}` : `/course/${result.id}`} className="inline-flex items-center rounded-md bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800">
          View Details
        </Link>
        {result.registrationLink && (
          <a href={result.registrationLink} target="_blank" rel="noopener noreferrer" className={externalLink}>
            Register<span className="sr-only"> (opens in a new tab)</span>
          </a>
        )}
        {result.rateMyProfLink && (
          <a href={result.rateMyProfLink} target="_blank" rel="noopener noreferrer" className={externalLink}>
            Professor ratings<span className="sr-only"> (opens in a new tab)</span>
          </a>
        )}
      </div>
    </article>
  );
}
