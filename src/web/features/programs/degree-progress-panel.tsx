import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { DegreeTotals } from '@shared/schemas/programs';
import { Alert } from '../../components/ui/alert';
import { DegreeCompare } from './degree-compare';
import { ExamScoresEditor } from './exam-scores-editor';
import { programQueries } from './programs-queries';
import { CourseOutcomes, RequirementList } from './requirement-list';

const credits = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

function Figure({ value, label, tone }: { value: string; label: string; tone: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-2 text-center">
      <p className={`text-xl font-extrabold ${tone}`}>{value}</p>
      <p className="text-xs text-slate-600">{label}</p>
    </div>
  );
}

function Totals({ totals }: { totals: DegreeTotals }) {
  return (
    <div className="flex flex-col gap-2">
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="Credits">
        <Figure value={credits(totals.countingCredits)} label="credits count toward it" tone="text-emerald-700" />
        <Figure value={credits(totals.electiveCredits)} label="elective credit only" tone="text-sky-700" />
        <Figure value={credits(totals.lostCredits)} label="credits do not transfer" tone="text-rose-700" />
        <Figure value={credits(totals.pendingCredits)} label="credits not decided yet" tone="text-amber-700" />
      </div>
      <p className="text-sm text-slate-700">
        {totals.requirementsComplete} of {totals.requirementsTotal} requirements complete
        {totals.creditsStillNeeded !== null ? ` · about ${credits(totals.creditsStillNeeded)} more credits to the degree` : ''}.
      </p>
    </div>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-2 border-t border-slate-200 pt-4">
      <h3 className="font-bold text-slate-900">{title}</h3>
      {children}
    </div>
  );
}

export interface DegreeProgressPanelProps {
  transcriptId: string;
  destination: { id: number; name: string };
  intendedMajor: string;
  /** The student's favorite schools, to compare with. */
  favorites: string[];
}

/**
 * Degree progress on the transcript report: choose the program (the intended major's first), see which requirements
 * the transferred courses fill and what remains, add exam scores, and compare schools side by side.
 */
export function DegreeProgressPanel({ transcriptId, destination, intendedMajor, favorites }: DegreeProgressPanelProps) {
  const pickerId = useId();
  const major = intendedMajor || undefined;
  const programs = useQuery(programQueries.forTranscript(transcriptId, String(destination.id), major));
  const [chosen, setChosen] = useState<number | null>(null);
  const programId = chosen ?? programs.data?.suggestedProgramId ?? null;
  const progress = useQuery({ ...programQueries.progress(transcriptId, programId ?? 0, destination.id), enabled: programId !== null });
  const program = programs.data?.programs.find((candidate) => candidate.id === programId) ?? null;

  return (
    <section aria-labelledby="degree-progress-heading" className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:p-5">
      <div>
        <h2 id="degree-progress-heading" className="text-xl font-bold text-slate-900">
          Your degree progress
        </h2>
        <p className="text-sm text-slate-600">
          Which requirement of a program at {destination.name} each course fills, and what is left. An estimate from published requirements: confirm it with an advisor
          there.
        </p>
      </div>

      {programs.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          Loading programs…
        </p>
      ) : programs.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {programs.error.message}
        </p>
      ) : programs.data.programs.length === 0 ? (
        <p className="text-sm text-slate-700">We have no programs on file for {destination.name} yet, so we can only say which courses transfer (above).</p>
      ) : (
        <>
          <div className="flex flex-col gap-1">
            <label htmlFor={pickerId} className="text-sm font-medium text-slate-800">
              Program
            </label>
            <select
              id={pickerId}
              value={programId ?? ''}
              onChange={(event) => setChosen(Number(event.target.value))}
              className="rounded-md border border-slate-300 bg-white px-3 py-2 text-base"
            >
              {programs.data.programs.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.name}
                  {candidate.degree && candidate.degree.length <= 24 ? ` (${candidate.degree})` : ''}
                </option>
              ))}
            </select>
            {chosen === null && program && programs.data.suggestedBecause === 'major' && (
              <p className="text-xs text-slate-600">Chosen for your intended major, {intendedMajor}. Pick another above.</p>
            )}
            {chosen === null && program && programs.data.suggestedBecause === 'entering-term' && (
              <p className="text-xs text-slate-600">
                {intendedMajor ? `No program here is named like ${intendedMajor}; this` : 'This'} is the version for the term your transcript starts. Pick another above.
              </p>
            )}
          </div>
          {program?.dataNote && (
            <Alert tone="warning" title="About this program's data">
              {program.dataNote}
            </Alert>
          )}
          {progress.isPending ? (
            <p role="status" className="text-sm text-slate-600">
              Checking your courses against the requirements…
            </p>
          ) : progress.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {progress.error.message}
            </p>
          ) : (
            <>
              <Totals totals={progress.data.progress.totals} />
              <RequirementList requirements={progress.data.progress.requirements} label={`Requirements of ${progress.data.progress.program.name}`} />
              <details className="rounded-lg border border-slate-200 bg-white p-3">
                <summary className="cursor-pointer text-sm font-semibold text-slate-900">How each course counts</summary>
                <CourseOutcomes courses={progress.data.progress.courses} />
              </details>
            </>
          )}
        </>
      )}

      <Part title="AP, IB and CLEP scores">
        <ExamScoresEditor />
      </Part>

      <Part title="Compare schools">
        <p className="text-sm text-slate-600">
          The same courses at two or three schools from your{' '}
          <Link to="/student/profile#favorites" className="font-semibold text-brand-700 hover:underline">
            favorites
          </Link>
          .
        </p>
        <DegreeCompare transcriptId={transcriptId} schools={favorites} initial={[destination.name, ...favorites.filter((school) => school !== destination.name)].slice(0, 2)} major={major} />
      </Part>
    </section>
  );
}

/** For a signed-out visitor: what signing in adds. */
export function DegreeProgressSignIn({ loginHref }: { loginHref: string }) {
  return (
    <Alert tone="info" title="Will it count toward your degree?">
      <Link to={loginHref} className="font-semibold underline">
        Sign in
      </Link>{' '}
      to see which requirements of a program your courses fill, add AP, IB and CLEP scores, and compare schools side by side.
    </Alert>
  );
}
