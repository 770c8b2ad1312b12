import { type ReactNode, useId, useState } from 'react';
import { TRANSCRIPT_ACCEPT } from '@shared/schemas/transcripts';
import { Alert } from '../../components/ui/alert';
import { SchoolSelect, type ChosenSchool } from '../schools';
import type { AnalysisPhase, TranscriptAnalysis } from './use-transcript-analysis';

const STEPS: Array<{ label: string; phases: AnalysisPhase[] }> = [
  { label: 'Uploading', phases: ['uploading'] },
  { label: 'Reading your courses', phases: ['queued', 'reading'] },
  { label: 'Matching every course', phases: ['matching'] },
];

/** The server's own phase and progress (reading moves page by page, and through each photo), as it reports them. */
function ProcessingPanel({ phase, progress }: { phase: AnalysisPhase; progress: number }) {
  const current = STEPS.findIndex((step) => step.phases.includes(phase));
  return (
    <div role="status" aria-live="polite" className="mt-4 rounded-lg border border-brand-100 bg-brand-50 p-4">
      <p className="flex justify-between gap-2 font-semibold text-brand-900">
        Processing your transcript...
        <span className="tabular-nums" aria-hidden="true">
          {progress}%
        </span>
      </p>
      <div
        className="mt-3 h-2 overflow-hidden rounded-full bg-white"
        role="progressbar"
        aria-label="Analysis progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
      >
        <div className="h-full rounded-full bg-brand-700 transition-all duration-300" style={{ width: `${Math.max(3, progress)}%` }} />
      </div>
      <ol className="mt-3 flex flex-col gap-1 text-sm sm:flex-row sm:gap-6">
        {STEPS.map((step, index) => (
          <li
            key={step.label}
            aria-current={index === current ? 'step' : undefined}
            className={index < current ? 'text-emerald-800' : index === current ? 'font-semibold text-brand-900' : 'text-slate-600'}
          >
            {index < current ? '✓ ' : index === current ? '● ' : '○ '}
            {step.label}
          </li>
        ))}
      </ol>
    </div>
  );
}

/**
 * The Transcript Upload tab of the search card: a file, a destination school and the Analyze button (spec sections 4 and
 * 5). `noCoursesAnswer`: what a student answers when the reader found no courses in their file (the page's, from the
 * student's records).
 */
export function TranscriptUploadPanel({ analysis, noCoursesAnswer }: { analysis: TranscriptAnalysis; noCoursesAnswer?: ReactNode }) {
  const [file, setFile] = useState<File | null>(null);
  const [destination, setDestination] = useState<ChosenSchool>({ key: null, name: '' });
  const fileId = useId();
  const chosen = destination.key !== null ? { key: destination.key, name: destination.name } : null;
  const canAnalyze = file !== null && chosen !== null && !analysis.busy;

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (file && chosen && !analysis.busy) void analysis.start(file, chosen);
      }}
    >
      <p className="text-sm text-slate-600">
        Upload your unofficial transcript and we will check every course against your destination school&apos;s transfer rules.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={fileId} className="text-sm font-semibold text-slate-800">
            Transcript file
          </label>
          <input
            id={fileId}
            type="file"
            accept={TRANSCRIPT_ACCEPT}
            disabled={analysis.busy}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            className="block w-full rounded-md border border-slate-300 bg-white text-sm text-slate-700 file:mr-3 file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-800"
          />
          <span className="text-xs text-slate-500">PDF, JPG or PNG, up to 20 MB and 30 pages.</span>
        </div>
        <SchoolSelect
          label="Transferring to"
          value={destination}
          onChange={setDestination}
          firstChoices="destination"
          disabled={analysis.busy}
          placeholder="Choose your destination school"
          hint={destination.name && !chosen ? 'Pick the school from the list.' : 'Any school: type its name, like UW Madison.'}
        />
      </div>
      <button
        type="submit"
        disabled={!canAnalyze}
        className="self-start rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-400"
      >
        {analysis.busy ? 'Analyzing Transcript...' : 'Analyze Transcript'}
      </button>
      {analysis.busy && <ProcessingPanel phase={analysis.phase} progress={analysis.progress} />}
      {analysis.phase === 'failed' && analysis.noCoursesQuestion && noCoursesAnswer
        ? noCoursesAnswer
        : analysis.phase === 'failed' &&
          analysis.error && (
            <Alert tone="error" title={analysis.errorTitle ?? undefined}>
              {analysis.error}
            </Alert>
          )}
      <p className="text-xs text-slate-500">
        Signed out? Your transcript is deleted 24 hours after the analysis. Signed in, it is kept in your profile.
      </p>
    </form>
  );
}
