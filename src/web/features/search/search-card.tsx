import { Tabs } from 'radix-ui';
import type { SearchFilters } from '@shared/schemas/search';
import { Suspense } from 'react';
// The transcript tab's code (upload, progress) loads when that tab is first opened.
import { type TranscriptAnalysis, TranscriptUploadPanel } from '../transcripts';
import { ManualEntryForm } from './manual-entry-form';
import { SmartSearchForm } from './smart-search-form';

export type SearchMode = 'smart' | 'manual' | 'transcript';

const tabClass =
  'flex-1 rounded-md px-2 py-2 text-sm font-semibold text-slate-600 data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm sm:px-4';

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
}: {
  searched: boolean;
  mode: SearchMode;
  onModeChange: (mode: SearchMode) => void;
  smartText: string;
  manualFilters: SearchFilters | null;
  onSmartSearch: (text: string) => void;
  onManualSearch: (filters: SearchFilters) => void;
  transcript: TranscriptAnalysis;
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
        <Tabs.Content value="smart" className="mt-4 focus:outline-none">
          <SmartSearchForm key={smartText} initialText={smartText} onSearch={onSmartSearch} />
        </Tabs.Content>
        <Tabs.Content value="manual" className="mt-4 focus:outline-none">
          <ManualEntryForm initial={manualFilters} onSearch={onManualSearch} />
        </Tabs.Content>
        <Tabs.Content value="transcript" className="mt-4 focus:outline-none">
          <Suspense fallback={<p role="status" className="py-6 text-center text-slate-600">Loading…</p>}>
            <TranscriptUploadPanel analysis={transcript} />
          </Suspense>
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}
