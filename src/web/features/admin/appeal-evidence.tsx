import { Link } from 'react-router';
import type { AdminAppeal, AppealEvidence } from '@shared/schemas/admin';
import { VerdictBadge } from '../../components/ui/verdict-badge';
import { formatDate } from '../../lib/format-date';

const figure = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold text-slate-500 uppercase">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * The evidence beside the decision: the course as the student's report decided it (grade, term, credits, the engine's
 * reason and the rule or the suggestions it used), the student's own correction of the row when there is one, the
 * transcript file and its report, and the syllabus.
 */
export function AppealEvidencePanel({ appeal, evidence }: { appeal: AdminAppeal; evidence: AppealEvidence }) {
  const { row, correction, transcript } = evidence;
  return (
    <section aria-labelledby={`evidence-${appeal.id}`} className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4">
      <h3 id={`evidence-${appeal.id}`} className="font-semibold text-slate-900">
        Evidence
      </h3>
      {row ? (
        <div className="flex flex-col gap-2 text-sm">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-slate-900">
              {row.subject} {row.number} {row.title}
            </span>
            {/* The engine's verdict on the row, in the words the student's report uses. */}
            <VerdictBadge verdictClass={row.verdictClass} report />
          </p>
          {row.matchedByCode && (
            <p className="text-xs text-slate-600">Sent from the appeal form: this is the same course on the student&apos;s newest transcript report.</p>
          )}
          <dl className="grid grid-cols-3 gap-2">
            <Fact label="Grade">{row.grade || '—'}</Fact>
            <Fact label="Term">{row.term || '—'}</Fact>
            <Fact label="Credits">{row.credits === null ? '—' : figure(row.credits)}</Fact>
          </dl>
          <p>
            <span className="font-semibold text-slate-700">Why the report said so: </span>
            {row.reason || 'No reason was recorded.'}
          </p>
          {row.ruleId !== null ? (
            <p>
              <span className="font-semibold text-slate-700">Rule used: </span>#{row.ruleId}
              {row.transfersTo ? ` (becomes ${row.transfersTo})` : ''}
            </p>
          ) : row.suggestions.length > 0 ? (
            <div>
              <p className="font-semibold text-slate-700">No rule decided it. The engine suggested (a guess, not a rule):</p>
              <ul className="mt-1 list-disc pl-5">
                {row.suggestions.slice(0, 3).map((suggestion) => (
                  <li key={`${suggestion.subject} ${suggestion.number}`}>
                    {suggestion.subject} {suggestion.number} {suggestion.title} · {Math.round(suggestion.score * 100)}% alike
                    {suggestion.why.length > 0 ? ` (${suggestion.why.join(', ')})` : ''}
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            <p className="text-slate-600">No rule decided it and the engine had no suggestion.</p>
          )}
        </div>
      ) : (
        <p className="text-sm text-slate-600">
          This appeal was sent without a transcript, and none of the student&apos;s analysed transcripts lists {appeal.courseCode || 'this course'}.
        </p>
      )}

      {correction && (
        <div className="rounded-md bg-amber-50 p-3 text-sm text-amber-950">
          <p className="font-semibold">The student corrected this row on {formatDate(correction.correctedAt)}</p>
          <ul className="mt-1 list-disc pl-5">
            {correction.changes.map((change) => (
              <li key={change.what}>
                {change.what}: {change.from ?? '—'} → {change.to ?? '—'}
              </li>
            ))}
          </ul>
          {correction.note && <p className="mt-1">{correction.note}</p>}
        </div>
      )}

      {transcript && (
        <div className="text-sm">
          <p>
            <span className="font-semibold text-slate-700">Transcript: </span>
            {transcript.fileUrl ? (
              <a href={transcript.fileUrl} className="text-brand-700 hover:underline">
                Download {transcript.fileName}
              </a>
            ) : (
              <span>{transcript.fileName} (the file is no longer stored)</span>
            )}
          </p>
          <p className="text-slate-600">
            Report of {formatDate(transcript.analysedAt)}: {transcript.fromSchool ?? 'school not recognised'} → {transcript.toSchool ?? appeal.targetSchool}
            {transcript.summary &&
              ` · ${transcript.summary.courses} courses, ${transcript.summary.directTransfers} direct transfers, ${figure(transcript.summary.creditsTransferring)} of ${figure(transcript.summary.totalCredits)} credits transfer`}{' '}
            <Link to={`/admin/transcripts/${transcript.id}`} className="font-semibold text-brand-700 hover:underline">
              See the whole report
            </Link>
          </p>
        </div>
      )}

      <div className="text-sm">
        <span className="font-semibold text-slate-700">Syllabus: </span>
        <span className="inline-flex flex-wrap gap-3">
          {appeal.syllabusFile && (
            <a href={appeal.syllabusFile.url} className="text-brand-700 hover:underline">
              Download {appeal.syllabusFile.name}
            </a>
          )}
          {appeal.syllabusLink && /^https?:\/\//i.test(appeal.syllabusLink) && (
            <a href={appeal.syllabusLink} target="_blank" rel="noopener noreferrer nofollow" className="break-all text-brand-700 hover:underline">
              {appeal.syllabusLink}
            </a>
          )}
          {!appeal.syllabusFile && !appeal.syllabusLink && <span className="text-slate-500">None provided</span>}
        </span>
      </div>
    </section>
  );
}
