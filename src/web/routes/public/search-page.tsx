import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { SearchFilters } from '@shared/schemas/search';
import type { SearchChip } from '@shared/schemas/course';
import { useAccount } from '../../features/auth';
import { NotATranscriptQuestion } from '../../features/student';
import {
  apiParamsOf,
  readSearchState,
  saveSearchToProfile,
  SavedSearchItems,
  SearchCard,
  type SearchMode,
  SearchResults,
  searchStateParams,
  withSchool,
  SearchTips,
  useLocalSavedSearches,
  useSessionUser,
  withoutChip,
} from '../../features/search';
// The report's code loads when a transcript has been analysed.
import { TranscriptReport, useTranscriptAnalysis } from '../../features/transcripts';
import { useDocumentTitle } from '../../lib/use-document-title';
// Degree progress loads with the report, in its own chunk.
const DestinationsPanel = lazy(() => import('../../features/destinations').then((module) => ({ default: module.DestinationsPanel })));
const TranscriptDegreeProgress = lazy(() => import('../../features/programs').then((module) => ({ default: module.TranscriptDegreeProgress })));

const HERO_CHIPS = ['Summer & Winter Terms', 'Direct Registration', 'Professor Ratings'];

/** /search (spec section 2): Smart Search, Manual Entry and Transcript Upload over the real catalogue. */
export default function SearchPage() {
  useDocumentTitle('Course Search');
  const [params, setParams] = useSearchParams();
  const paramsKey = params.toString();
  const state = useMemo(() => readSearchState(new URLSearchParams(paramsKey)), [paramsKey]);
  const apiParams = useMemo(() => (state ? apiParamsOf(state) : null), [state]);

  // The card starts visible; a smart search collapses it, a manual search leaves it open (spec section 4).
  const [cardOpen, setCardOpen] = useState(state?.mode !== 'smart');
  const [mode, setMode] = useState<SearchMode>(state?.mode ?? 'smart');
  const [seenKey, setSeenKey] = useState(paramsKey);
  const [savedNote, setSavedNote] = useState<string | null>(null);
  if (seenKey !== paramsKey) {
    // A new search arrived through the address (a saved search, the back button): show it the way its mode wants.
    setSeenKey(paramsKey);
    setSavedNote(null);
    if (state) {
      setMode(state.mode);
      setCardOpen(state.mode !== 'smart');
    }
  }

  // Transcript analysis lives here, not in the card: after an analysis the card hides (spec section 4) and the report shows.
  const transcript = useTranscriptAnalysis({
    onReport: () => {
      setMode('transcript');
      setCardOpen(false);
    },
  });
  const { data: account, isPending: accountPending } = useAccount();
  // The address names the report on the server (/search?transcript=ID; a visitor's token stays in this browser), so a
  // reload, the back button or a bookmark brings it back; a report the address does not name is not shown.
  const transcriptParam = params.get('transcript');
  const showTranscriptReport =
    mode === 'transcript' && transcript.report !== null && (transcript.transcriptId === null || transcript.transcriptId === transcriptParam);
  const location = useLocation();
  const navigate = useNavigate();
  const seenTranscriptParam = useRef<string | null>(null);
  useEffect(() => {
    if (!transcriptParam) {
      // Back past the report's address: the card again, as it was before the report.
      if (seenTranscriptParam.current) setCardOpen(true);
      seenTranscriptParam.current = null;
      return;
    }
    if (accountPending || seenTranscriptParam.current === transcriptParam) return;
    seenTranscriptParam.current = transcriptParam;
    setMode('transcript');
    // Back from signing in to appeal: show the same report again (and reopen the appeal with its note).
    if (transcriptParam === 'resume') void transcript.resume(Boolean(account));
    // Forward again to the report this tab shows. (The effect follows the address, which history changes from outside
    // React: setting the card's state from it here is the synchronisation the rule allows for external systems.)
    // eslint-disable-next-line react-hooks/set-state-in-effect
    else if (transcriptParam === transcript.transcriptId) setCardOpen(transcript.report === null);
    // "Analyze for…" on the profile: a new analysis to wait for (said once: a reload of this address is not another).
    else if ((location.state as { analysing?: boolean } | null)?.analysing) {
      transcript.follow(transcriptParam);
      void navigate({ search: location.search }, { replace: true, state: null });
    }
    // A report's address (a reload, a bookmark, a link from the hub or Compare favorites): show it again.
    else transcript.open(transcriptParam);
  }, [transcriptParam, accountPending, account, transcript, location, navigate]);
  // The transcript this tab now follows (an upload, a sign-in's resume) gets its address.
  const followedId = transcript.transcriptId;
  const addressedId = useRef<string | null>(null);
  useEffect(() => {
    if (!followedId || addressedId.current === followedId) return;
    addressedId.current = followedId;
    if (seenTranscriptParam.current === followedId) return;
    const replacing = seenTranscriptParam.current === 'resume';
    seenTranscriptParam.current = followedId;
    setParams({ transcript: followedId }, { replace: replacing });
  }, [followedId, setParams]);
  const tryAnotherTranscript = () => {
    transcript.reset();
    setMode('transcript');
    if (transcriptParam) setParams({});
    refine();
  };

  const { isStudent } = useSessionUser();
  const local = useLocalSavedSearches();
  const cardRef = useRef<HTMLDivElement>(null);

  // The server reads the text (issue 35): a new Smart Search is its text alone in the address.
  const runSmart = (text: string) => {
    setParams(searchStateParams({ text, filters: {} }));
  };
  const runManual = (filters: SearchFilters) => {
    setParams(searchStateParams({ text: '', filters }));
  };
  const chooseSchool = (role: 'from' | 'to', key: string) => {
    if (state) setParams(searchStateParams(withSchool(state, role, key)));
  };
  const removeChip = (chip: SearchChip) => {
    if (state) setParams(searchStateParams(withoutChip(state, chip.without)));
  };
  const refine = () => {
    setCardOpen(true);
    requestAnimationFrame(() => cardRef.current?.scrollIntoView({ block: 'start' }));
  };
  const saveCurrent = () => {
    if (!state) return;
    local.save(state.text, state.filters);
    setSavedNote('Search saved');
    // Synced to the profile only for a signed-in student; a failure here is silent (spec section 8).
    if (isStudent) saveSearchToProfile({ q: state.text, filters: state.filters }).catch(() => undefined);
  };

  // After a search the hero, the beta note and the collapsed card take little room, so on a phone the first result is on
  // the first screen (issue 35).
  const compact = state !== null && !cardOpen;
  return (
    <div className="bg-slate-50 pb-16">
      <section className={`bg-gradient-to-br from-brand-900 to-brand-700 px-4 text-center text-white sm:pt-16 sm:pb-20 ${compact ? 'pt-4 pb-11' : 'pt-12 pb-20'}`}>
        <h1 className={`font-extrabold sm:text-5xl ${compact ? 'text-2xl' : 'text-3xl'}`}>Find Your Perfect Transfer Match</h1>
        <ul className={`flex flex-wrap justify-center sm:mt-5 sm:gap-2 ${compact ? 'mt-2 gap-1.5' : 'mt-5 gap-2'}`} aria-label="What you get">
          {HERO_CHIPS.map((chip) => (
            <li key={chip} className={`rounded-full bg-white/15 font-medium sm:px-3 sm:py-1 sm:text-sm ${compact ? 'px-2.5 py-0.5 text-xs' : 'px-3 py-1 text-sm'}`}>
              {chip}
            </li>
          ))}
        </ul>
      </section>

      <div className={`mx-auto flex max-w-5xl flex-col px-4 sm:-mt-12 sm:gap-6 ${compact ? '-mt-8 gap-3' : '-mt-12 gap-6'}`}>
        <div role="note" className={`rounded-lg border border-amber-300 bg-amber-50 text-amber-900 sm:px-4 sm:py-3 sm:text-sm ${compact ? 'px-3 py-2 text-xs' : 'px-4 py-3 text-sm'}`}>
          <strong>Beta:</strong> Crosswalk is in early beta. Confirm every equivalency with your target school&apos;s registrar before you register.
        </div>

        <div ref={cardRef} className="scroll-mt-24">
          {cardOpen ? (
            <SearchCard
              searched={state !== null}
              mode={mode}
              onModeChange={setMode}
              smartText={state?.mode === 'smart' ? state.text : ''}
              manualFilters={state?.mode === 'manual' ? state.filters : null}
              onSmartSearch={runSmart}
              onManualSearch={runManual}
              transcript={transcript}
              noCoursesAnswer={transcript.noCoursesQuestion && <NotATranscriptQuestion transcript={transcript.noCoursesQuestion} />}
              key={state?.mode === 'manual' ? paramsKey : 'smart'}
            />
          ) : (
            <div className="flex items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-lg sm:p-4">
              <p className="line-clamp-2 min-w-0 flex-1 text-sm text-slate-700 sm:text-base">
                <span className="font-semibold text-slate-900">{showTranscriptReport ? 'Your transcript: ' : 'Your search: '}</span>
                {showTranscriptReport ? transcript.report?.fileName : state?.text}
              </p>
              <button type="button" onClick={refine} className="shrink-0 rounded-md border border-brand-700 px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50 sm:px-4 sm:text-base">
                Refine Search
              </button>
            </div>
          )}
        </div>

        {showTranscriptReport ? (
          <Suspense fallback={<p role="status" className="py-6 text-center text-slate-600">Loading…</p>}>
            <TranscriptReport analysis={transcript} onTryAnother={tryAnotherTranscript} />
            {transcript.report?.status === 'done' && !transcript.sample && transcript.report.rows.length > 0 && (
              <div className="mt-6">
                <DestinationsPanel transcriptId={transcript.report.id} token={transcript.token} signedIn={Boolean(account?.roles.includes('student'))} />
              </div>
            )}
            {transcript.report && <TranscriptDegreeProgress report={transcript.report} sample={transcript.sample} />}
          </Suspense>
        ) : state && apiParams ? (
          <SearchResults
            params={apiParams}
            onRefine={refine}
            onRemoveChip={state.mode === 'smart' ? removeChip : undefined}
            onChooseSchool={chooseSchool}
            actions={
              <div className="flex items-center gap-2">
                {savedNote && (
                  <span role="status" className="text-sm text-emerald-700">
                    {savedNote}
                  </span>
                )}
                <button type="button" onClick={saveCurrent} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50">
                  Save search
                </button>
              </div>
            }
          />
        ) : (
          <SearchTips />
        )}

        {local.savedSearches.length > 0 && (
          <section aria-labelledby="saved-searches-heading" className="flex flex-col gap-2">
            <h2 id="saved-searches-heading" className="text-lg font-bold text-slate-900">
              Your saved searches
            </h2>
            <SavedSearchItems items={local.savedSearches} onDelete={local.remove} />
          </section>
        )}
      </div>
    </div>
  );
}
