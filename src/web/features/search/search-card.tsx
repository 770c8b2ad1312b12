import { Tabs } from 'radix-ui';
import type { SearchFilters } from '@shared/schemas/search';
import { type ReactNode, Suspense } from 'react';
// The transcript tab's code (upload, progress) loads when that tab is first opened.
import { type TranscriptAnalysis, TranscriptUploadPanel } from '../transcripts';
import { ManualEntryForm } from './manual-entry-form';
import { SmartSearchForm } from './smart-search-form';

export type SearchMode = 'smart' | 'manual' | 'transcript';

const tabClass =
  'flex-1 rounded-md px-2 py-2 text-sm font-semibold text-slate-600 data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm sm:px-4';

/**
 * A panel is not a stop of its own for the keyboard (each opens on a field, which Tab reaches next); focused by a
 * click, it shows no outline, and by a script, a visible one.
 */
const panelClass = 'mt-4 rounded-md focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600';

/** The search card (spec section 2): three tabs, titled 'Course Search' or 'Refine Your Search' after a search. */
export function SearchCard({
  searched,
  mode,
  onModeChange,
  smartText,
  manualFilters,
  onSmartSearch,
  onManualSearch,
  transcript,
  noCoursesAnswer,
}: {
  searched: boolean;
  mode: SearchMode;
  onModeChange: (mode: SearchMode) => void;
  smartText: string;
  manualFilters: SearchFilters | null;
  onSmartSearch: (text: string) => void;
  onManualSearch: (filters: SearchFilters) => void;
  transcript: TranscriptAnalysis;
  /** What a student answers when the reader found no courses in their file. */
  noCoursesAnswer?: ReactNode;
}) {
  return (
    <section id="search-card" aria-labelledby="search-card-title" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-lg sm:p-6">
      <h2 id="search-card-title" className="text-xl font-bold text-slate-900">
        {searched ? 'Refine Your Search' : 'Course Search'}
      </h2>
      <Tabs.Root value={mode} onValueChange={(value) => onModeChange(value as SearchMode)} className="mt-4">
        <Tabs.List aria-label="Search mode" className="flex gap-1 rounded-lg bg-slate-100 p-1">
          <Tabs.Trigger value="smart" className={tabClass}>
            Smart Search
          </Tabs.Trigger>
          <Tabs.Trigger value="manual" className={tabClass}>
            Manual Entry
          </Tabs.Trigger>
          <Tabs.Trigger value="transcript" className={tabClass}>
            Transcript Upload
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="smart" tabIndex={-1} className={panelClass}>
          <SmartSearchForm key={smartText} initialText={smartText} onSearch={onSmartSearch} />
        </Tabs.Content>
        <Tabs.Content value="manual" tabIndex={-1} className={panelClass}>
          <ManualEntryForm initial={manualFilters} onSearch={onManualSearch} />
        </Tabs.Content>
        <Tabs.Content value="transcript" tabIndex={-1} className={panelClass}>
          <Suspense fallback={<p role="status" className="py-6 text-center text-slate-600">Loading…</p>}>
            <TranscriptUploadPanel analysis={transcript} noCoursesAnswer={noCoursesAnswer} />
          </Suspense>
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}
