import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ReportRowAppeal } from '@shared/schemas/student';
import { whatWeRead, type TranscriptResponse, type TranscriptResultItem } from '@shared/schemas/transcripts';
import { Alert } from '../../components/ui/alert';
import { VerdictBadge } from '../../components/ui/verdict-badge';
import { ApiError, isServerWords } from '../../lib/api-client';
import { appealOutcomeText } from '../appeals';
import { useAccount } from '../auth';
import { AppealDialog } from './appeal-dialog';
import { CreditCalendarNotice } from './credit-calendar';
import { IssuingSchoolChoice } from './issuing-school-choice';
import { submitSearchAppeal, ServerUnreachableError } from './transcript-api';
import { transcriptQueries } from './transcript-queries';
import { APPEAL_DRAFT_KEY, type TranscriptAnalysis } from './use-transcript-analysis';
import { formatCredits as credits } from './format-credits';
import { ReportRowCourse, ReportStatusBadge } from './report-row-parts';
import { WhatWeRead } from './what-we-read';

/** Spec section 8's text when the server gave no reason, and what to do about it. */
const APPEAL_FAILED_TEXT = 'Unable to submit appeal. Please try again in a few minutes.';
const LOGIN_HREF = `/student/login?redirect=${encodeURIComponent('/search?transcript=resume')}`;

function readDraft(): { itemId: string; note: string } | null {
  try {
    const draft = JSON.parse(sessionStorage.getItem(APPEAL_DRAFT_KEY) ?? 'null') as { itemId?: unknown; note?: unknown } | null;
    return draft && typeof draft.itemId === 'string' && typeof draft.note === 'string' ? { itemId: draft.itemId, note: draft.note } : null;
  } catch {
    return null;
  }
}

/** /student/appeal pre-filled from a report row (the form reads these query parameters). */
function appealFormHref(item: TranscriptResultItem | null, report: TranscriptResponse, note: string) {
  const params = new URLSearchParams();
  if (item) {
    params.set('courseName', item.title || `${item.subject} ${item.number}`);
    params.set('courseCode', `${item.subject} ${item.number}`);
  }
  if (report.institutionName) params.set('currentSchool', report.institutionName);
  if (report.destination?.name) params.set('targetSchool', report.destination.name);
  if (note.trim()) params.set('notes', note);
  return `/student/appeal?${params.toString()}`;
}

/**
 * The office approved this row's appeal without writing a rule (a rule re-decides the report, and the row then
 * transfers): the engine's answer is no longer the student's answer. The server decides it (grantedOnAppeal).
 */
const isGrantedOnAppeal = (rowAppeal: ReportRowAppeal | undefined): boolean => rowAppeal?.grantedOnAppeal === true;

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3 text-center">
      <p className="text-2xl font-extrabold text-slate-900">{value}</p>
      <p className="text-xs font-medium text-slate-600 sm:text-sm">{label}</p>
    </div>
  );
}

const rowElementId = (itemId: string) => `report-row-${itemId}`;

interface RowNotice {
  tone: 'success' | 'error';
  text: string;
}

function ResultRow({
  item,
  destinationName,
  appealed,
  rowAppeal,
  notice,
  onAppeal,
}: {
  item: TranscriptResultItem;
  destinationName: string;
  /** An appeal for this course was just sent from this report: no second one. */
  appealed: boolean;
  /** The server's word on this row's newest appeal: its status or decision, and whether another may be sent. */
  rowAppeal: ReportRowAppeal | undefined;
  /** What became of the appeal just sent from this row, shown where the student is looking. */
  notice: RowNotice | null;
  onAppeal: (opener: HTMLElement) => void;
}) {
  const grantedOnAppeal = isGrantedOnAppeal(rowAppeal);
  return (
    <li id={rowElementId(item.id)} tabIndex={-1} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm focus:outline-none">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <ReportRowCourse item={item} detail={item.originalSchool} />
          {item.creditConversion && (
            <p className="text-sm text-slate-700">
              {credits(item.creditConversion.originalCredits)} {item.creditConversion.from} credits = {credits(item.creditConversion.convertedCredits)} {item.creditConversion.to} credits at{' '}
              {destinationName}
            </p>
          )}
          {item.correction && (
            <p className="mt-1 inline-block rounded bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-100">
              {item.correction === 'added' ? 'Added by you' : 'Corrected by you'}
            </p>
          )}
        </div>
        {grantedOnAppeal ? <VerdictBadge verdictClass="specific-course" label="Approved on appeal" size="md" /> : <ReportStatusBadge item={item} />}
      </div>
      {grantedOnAppeal ? (
        // Approved without a rule: the office decided for this student, and its message says how the course counts.
        <p className="mt-2 text-sm text-slate-800">
          <span className="font-semibold">Becomes: </span>
          what {destinationName} granted on your appeal (their decision is below)
        </p>
      ) : (
        <p className="mt-2 text-sm text-slate-800">
          <span className="font-semibold">{item.status === 'NEEDS_EVAL' && item.transfersTo ? 'Expected to become: ' : 'Becomes: '}</span>
          {item.transfersTo ?? (item.status === 'NEEDS_EVAL' ? `decided by ${destinationName} when they review it` : `no credit at ${destinationName}`)}
        </p>
      )}
      {item.reason && (
        <p className="mt-1 text-sm text-slate-600">
          <span className="font-semibold text-slate-700">{grantedOnAppeal ? 'Before your appeal: ' : 'Why: '}</span>
          {item.reason}
        </p>
      )}
      {item.status === 'NEEDS_EVAL' && item.crossListed && (
        <p className="mt-1 text-sm text-slate-600">
          <span className="font-semibold text-slate-700">Also listed as {item.crossListed.courseNumber}: </span>
          the same course under another subject transfers as {item.crossListed.transfersTo}. Not a decision for {item.subject} {item.number}: ask{' '}
          {destinationName} to apply it.
        </p>
      )}
      {item.status === 'NEEDS_EVAL' && item.candidates.length > 0 && (
        <p className="mt-1 text-sm text-slate-600">
          <span className="font-semibold text-slate-700">Suggested match, not a decision: </span>
          {item.candidates
            .slice(0, 2)
            .map((candidate) => `${candidate.subject} ${candidate.number} ${candidate.title}`)
            .join('; ')}
          . Only {destinationName} can confirm it.
        </p>
      )}
      {rowAppeal && !appealed && (
        <div className="mt-3 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-800">
          <p>
            <span className="font-semibold">
              Your appeal: <span className="capitalize">{appealOutcomeText(rowAppeal.appeal)}</span>
            </span>
            {rowAppeal.appeal.status !== 'resolved' && ' — the transfer office usually answers within 3 business days.'}{' '}
            <Link to={`/student/appeals/${rowAppeal.appeal.id}`} className="font-semibold text-brand-800 underline">
              See it
            </Link>
          </p>
          {rowAppeal.appeal.studentMessage && <p className="mt-1 whitespace-pre-line text-slate-700">“{rowAppeal.appeal.studentMessage}”</p>}
        </div>
      )}
      {item.status === 'NO_TRANSFER' && !appealed && (!rowAppeal || rowAppeal.canAppealAgain) && (
        <button
          type="button"
          onClick={(event) => onAppeal(event.currentTarget)}
          className="mt-3 rounded-md border border-brand-700 px-3 py-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-50"
        >
          {rowAppeal?.canAppealAgain ? 'Appeal again with new evidence' : 'Request Appeal'}
        </button>
      )}
      {notice && (
        <div className="mt-3">
          <Alert tone={notice.tone}>{notice.text}</Alert>
        </div>
      )}
      {appealed && (
        <p className="mt-2 text-sm text-slate-700">
          Appeal on file.{' '}
          <Link to="/student#appeals" className="font-semibold text-brand-800 underline">
            Follow it in your appeal center
          </Link>
        </p>
      )}
    </li>
  );
}

/** The per-course equivalency report of an analysed transcript, with the appeal dialog (spec sections 4 and 8). */
export function TranscriptReport({ analysis, onTryAnother }: { analysis: TranscriptAnalysis; onTryAnother: () => void }) {
  const report = analysis.report;
  const { data: account } = useAccount();
  const signedIn = Boolean(account?.roles.includes('student'));
  const queryClient = useQueryClient();
  // A signed-in student's own report says what became of each row's appeal (the server decides which rows may be appealed again).
  const rowAppeals = useQuery({ ...transcriptQueries.rowAppeals(report?.id ?? ''), enabled: signedIn && Boolean(report) && !analysis.sample });
  const [draft] = useState(readDraft);
  const [selected, setSelected] = useState<TranscriptResultItem | null>(() => (draft && report?.rows.find((item) => item.id === draft.itemId)) || null);
  const [initialNote, setInitialNote] = useState(draft?.note ?? '');
  // The row the last appeal was sent from and what became of it; the rows appealed from this report.
  const [message, setMessage] = useState<(RowNotice & { itemId: string }) | null>(null);
  const [appealed, setAppealed] = useState<ReadonlySet<string>>(new Set());
  // Focus goes back where the student was when the dialog closes: the Request Appeal button, or its row once the
  // appeal is on file and the button is gone (a dialog opened in code has no trigger for Radix to return to).
  const opener = useRef<{ itemId: string; button: HTMLElement } | null>(null);
  const returnFocus = () => {
    const from = opener.current;
    if (!from) return;
    (from.button.isConnected ? from.button : document.getElementById(rowElementId(from.itemId)))?.focus();
  };
  useEffect(() => {
    if (draft) sessionStorage.removeItem(APPEAL_DRAFT_KEY);
  }, [draft]);
  if (!report) return null;

  const destinationName = report.destination?.name ?? 'your transfer school';
  // "What we read" is for the student's own file on the server; a sample has no reading to check.
  const reading = whatWeRead(report);
  const checkable = reading.length > 0 && !analysis.sample;
  const conversion = report.rows.find((item) => item.creditConversion)?.creditConversion ?? null;
  const school = report.destination?.name ?? 'your transfer school';
  const grantedCount = report.rows.filter((item) => isGrantedOnAppeal(rowAppeals.data?.get(item.id))).length;

  const open = (item: TranscriptResultItem, button: HTMLElement) => {
    opener.current = { itemId: item.id, button };
    setInitialNote('');
    setMessage(null);
    setSelected(item);
  };
  const submit = async (note: string) => {
    if (!selected) return false;
    const itemId = selected.id;
    const markAppealed = () => setAppealed((before) => new Set(before).add(itemId));
    try {
      await submitSearchAppeal({
        transcriptId: report.id,
        subject: selected.subject,
        number: selected.number,
        institutionId: report.detectedInstitution?.id ?? null,
        toInstitutionId: report.destination?.id || report.destination?.key || null,
        note,
      });
      setMessage({ itemId, tone: 'success', text: 'Appeal submitted to your transfer school.' });
      markAppealed();
      void queryClient.invalidateQueries({ queryKey: transcriptQueries.rowAppeals(report.id).queryKey });
      setSelected(null);
      return true;
    } catch (error) {
      // The server's reason whenever it gave one (409 "You already appealed …"); else what to do.
      const serverReason = (error instanceof ApiError && isServerWords(error.message)) || (error instanceof ServerUnreachableError && error.hasServerReason);
      // Already on file (409): the row says so instead of offering the same appeal again.
      if (error instanceof ApiError && error.status === 409) markAppealed();
      setMessage({ itemId, tone: 'error', text: serverReason ? error.message : APPEAL_FAILED_TEXT });
      setSelected(null);
      return false;
    }
  };

  return (
    <section aria-labelledby="transcript-report-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id="transcript-report-heading" className="text-xl font-bold text-slate-900">
            Your transfer report
          </h2>
          <p className="text-sm text-slate-600">
            {report.fileName} · from {report.institutionName ?? 'a school we could not identify'} to {destinationName}
          </p>
        </div>
        <button type="button" onClick={onTryAnother} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50">
          Try another transcript
        </button>
      </div>

      {analysis.sample && (
        <Alert tone="warning" title="Sample result">
          This is a sample, not your transcript&apos;s result — we could not reach the server.
        </Alert>
      )}
      {report.institutionName && !report.detectedInstitution && !analysis.sample && (
        <Alert tone="info">
          We don&apos;t know {report.institutionName}&apos;s courses yet, so {destinationName} reviews each course; only a grade that earns no
          credit anywhere (such as an F or a W) is decided here.
        </Alert>
      )}
      {!report.institutionName && !analysis.sample && report.rows.length > 0 && (
        <Alert tone="info">
          We could not find the school&apos;s name on this transcript, so each course is listed for review; only a grade that earns no credit
          anywhere (such as an F or a W) is decided here.
        </Alert>
      )}
      {!report.detectedInstitution && !analysis.sample && reading.length > 0 && (
        <IssuingSchoolChoice key={report.id} printedName={report.institutionName} onChoose={analysis.chooseSchool} />
      )}

      <div className={checkable ? 'grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_26rem]' : ''}>
        <div className="flex min-w-0 flex-col gap-4">
          {checkable && (
            <p className="text-sm text-slate-600">
              Did we misread a course?{' '}
              <a href="#what-we-read" className="font-semibold text-brand-800 underline">
                Check what we read
              </a>
            </p>
          )}
          {report.rows.length === 0 ? (
            <div role="status" className="rounded-xl border border-amber-200 bg-amber-50 p-6 text-center">
              <p className="text-amber-900">
                This course does not currently match. You may be able to reach out to {school} Registrar&apos;s Office and request an appeal.
              </p>
              <button type="button" onClick={onTryAnother} className="mt-4 rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
                Try another transcript
              </button>
            </div>
          ) : (
            <>
              {report.calendar && !analysis.sample && (
                <CreditCalendarNotice calendar={report.calendar} schoolName={report.institutionName} destinationName={destinationName} onAnswer={analysis.setCalendar} />
              )}
              {report.summary && (
                <div className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Summary">
                  <Stat label="Courses" value={String(report.summary.courses)} />
                  <Stat label="Direct transfers" value={String(report.summary.directTransfers)} />
                  <Stat label="Total credits" value={credits(report.summary.totalCredits)} />
                  <Stat label="Credits that transfer" value={credits(report.summary.creditsTransferring)} />
                </div>
              )}
              {grantedCount > 0 && (
                <p className="text-sm text-slate-700">
                  {grantedCount === 1 ? '1 course was' : `${grantedCount} courses were`} approved on appeal after this report was decided: not
                  counted above. {destinationName}&apos;s decision on {grantedCount === 1 ? 'its row' : 'each row'} says how it counts.
                </p>
              )}
              {conversion && (
                <p className="text-sm text-slate-600">
                  {destinationName} counts {conversion.to} credits: your {conversion.from} credits are converted ({conversion.from === 'quarter' ? '× 2/3' : '× 3/2'}) in the totals and on each course.
                </p>
              )}
              <ul className="flex flex-col gap-3" aria-label="Courses on your transcript">
                {report.rows.map((item) => (
                  <ResultRow
                    key={item.id}
                    item={item}
                    destinationName={destinationName}
                    appealed={appealed.has(item.id)}
                    rowAppeal={rowAppeals.data?.get(item.id)}
                    notice={message?.itemId === item.id ? message : null}
                    onAppeal={(button) => open(item, button)}
                  />
                ))}
              </ul>
            </>
          )}
        </div>
        {checkable && <WhatWeRead rows={reading} onChange={analysis.correct} />}
      </div>

      <AppealDialog
        item={selected}
        initialNote={initialNote}
        destinationName={destinationName}
        earlierDenial={selected ? rowAppeals.data?.get(selected.id)?.canAppealAgain === true : false}
        signedIn={signedIn}
        loginHref={LOGIN_HREF}
        appealFormHref={(note) => appealFormHref(selected, report, note)}
        onSaveDraft={(note) => selected && sessionStorage.setItem(APPEAL_DRAFT_KEY, JSON.stringify({ itemId: selected.id, note }))}
        onClose={() => setSelected(null)}
        onClosed={returnFocus}
        onSubmit={submit}
      />
    </section>
  );
}
