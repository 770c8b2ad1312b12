import { useInfiniteQuery } from '@tanstack/react-query';
import type { CourseSearchResponse, SearchChip, SearchedSchool } from '@shared/schemas/course';
import { useEffect, useRef } from 'react';
import { ApiError } from '../../lib/api-client';
import { CourseResultCard } from './course-result-card';
import { courseQueries } from './search-queries';
import { UnderstoodChips } from './understood-chips';

/** Several schools go by the name the search wrote ("UNO"): the student says which one. */
function WhichSchool({ school, role, onChoose }: { school: SearchedSchool; role: 'from' | 'to'; onChoose: (role: 'from' | 'to', key: string) => void }) {
  return (
    <div role="group" aria-label={`Which ${school.asWritten ?? school.name}?`} className="rounded-xl border border-brand-200 bg-white p-4">
      <p className="font-semibold text-slate-900">
        Several schools go by “{school.asWritten ?? school.name}”. Which one {role === 'from' ? 'are you at' : 'are you transferring to'}?
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {school.choices?.map((choice) => (
          <button
            key={choice.key}
            type="button"
            onClick={() => onChoose(role, choice.key)}
            className="min-h-11 rounded-md border border-brand-700 px-3 py-2 text-left text-sm font-semibold text-brand-800 hover:bg-brand-50"
          >
            {choice.name}
            <span className="block text-xs font-normal text-slate-600">{[choice.city, choice.state].filter(Boolean).join(', ')}</span>
          </button>
        ))}
      </div>
    </div>
  );
}

/** The questions and notes about the schools a search names, before its results. */
function SchoolNotes({ page, onChoose }: { page: CourseSearchResponse; onChoose?: (role: 'from' | 'to', key: string) => void }) {
  return (
    <>
      {onChoose && page.home?.choices && page.home.choices.length > 0 && <WhichSchool school={page.home} role="from" onChoose={onChoose} />}
      {onChoose && page.target?.choices && page.target.choices.length > 0 && <WhichSchool school={page.target} role="to" onChoose={onChoose} />}
      {page.schoolNote && (
        <p role="note" className="rounded-md border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-950">
          {page.schoolNote}
        </p>
      )}
    </>
  );
}

const asksWhichSchool = (page: CourseSearchResponse) => Boolean(page.home?.choices?.length || page.target?.choices?.length);

/**
 * Result cards for one search, what the server understood of it (chips, when `onRemoveChip` is given: Smart Search),
 * 'Load More Results' for the next page, the question of which school a shared name means (`onChooseSchool`), what is
 * known of a school with no data yet, and the no-results message. When a search's answer arrives, focus moves to
 * its heading, so a keyboard or screen-reader user lands on the results and a phone shows them.
 */
export function SearchResults({
  params,
  onRefine,
  onRemoveChip,
  onChooseSchool,
  actions,
}: {
  params: URLSearchParams;
  onRefine: () => void;
  onRemoveChip?: (chip: SearchChip) => void;
  /** Picks one of the schools that share the name a search wrote. */
  onChooseSchool?: (role: 'from' | 'to', key: string) => void;
  actions?: React.ReactNode;
}) {
  const search = useInfiniteQuery(courseQueries.search(params));
  const headingRef = useRef<HTMLElement>(null);
  const searchKey = params.toString();
  const answered = search.isSuccess;
  useEffect(() => {
    if (answered) headingRef.current?.focus();
  }, [answered, searchKey]);
  if (search.isPending) {
    return (
      <p role="status" className="py-8 text-center text-slate-600">
        Searching courses…
      </p>
    );
  }
  if (search.isError) {
    const message = search.error instanceof ApiError ? search.error.message : 'The search could not be run.';
    return (
      <div role="alert" className="rounded-lg border border-rose-200 bg-rose-50 p-4 text-rose-800">
        {message} Please try again.
      </div>
    );
  }
  const pages = search.data.pages;
  const first = pages[0];
  const results = pages.flatMap((page) => page.results);
  const chips = first && onRemoveChip ? <UnderstoodChips chips={first.understood.chips} words={first.understood.words} unusedWords={first.unusedWords} onRemove={onRemoveChip} /> : null;
  // With a format or term, the courses whose schedule is unknown follow every match, under a note saying what that means.
  const firstUnknown = results.findIndex((result) => result.schedule === 'unknown');
  const scheduleNote = pages.find((page) => page.scheduleNote)?.scheduleNote ?? null;
  const matched = firstUnknown === -1 ? results : results.slice(0, firstUnknown);
  const unknown = firstUnknown === -1 ? [] : results.slice(firstUnknown);
  const cards = (list: typeof results) => (
    <div className="grid gap-4 lg:grid-cols-2">
      {list.map((result) => (
        <CourseResultCard key={result.id} result={result} targetChosen={first?.target !== null} targetKey={first?.target?.key ?? null} />
      ))}
    </div>
  );
  if (first && results.length === 0 && (asksWhichSchool(first) || first.schoolNote)) {
    // A name to settle first, or a school Crosswalk knows but has nothing on: a real answer, not "No results".
    return (
      <div className="flex flex-col gap-3">
        {chips}
        <div ref={headingRef as React.RefObject<HTMLDivElement>} tabIndex={-1} className="flex flex-col gap-3 focus:outline-none">
          <SchoolNotes page={first} onChoose={onChooseSchool} />
        </div>
        <button type="button" onClick={onRefine} className="self-start rounded-md border border-brand-700 px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50">
          Refine your search
        </button>
      </div>
    );
  }
  if (!first || results.length === 0) {
    const school = first?.target?.name || 'your target school';
    return (
      <div className="flex flex-col gap-3">
        {chips}
        <div role="status" className="rounded-xl border border-amber-200 bg-amber-50 p-6 text-center">
          <p ref={headingRef as React.RefObject<HTMLParagraphElement>} tabIndex={-1} className="text-amber-900 focus:outline-none">
            No results found. Please reach out to {school} and contact their Registrar&apos;s Office for assistance.
          </p>
          <button type="button" onClick={onRefine} className="mt-4 rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
            Refine your search
          </button>
        </div>
      </div>
    );
  }
  return (
    <section aria-labelledby="results-heading" className="flex flex-col gap-3">
      {chips}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="results-heading" ref={headingRef as React.RefObject<HTMLHeadingElement>} tabIndex={-1} className="scroll-mt-24 text-lg font-bold text-slate-900 focus:outline-none" aria-live="polite">
          {first.total === 1 ? '1 course found' : `${first.total.toLocaleString('en-US')} courses found`}
          {first.target ? <span className="font-normal text-slate-600"> · transfer to {first.target.name}</span> : null}
        </h2>
        {actions}
      </div>
      <SchoolNotes page={first} onChoose={onChooseSchool} />
      {first.unusedWords.length > 0 && !onRemoveChip && (
        <p role="note" className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700">
          Nothing matched {first.unusedWords.map((word) => `“${word}”`).join(' ')}, so these results leave {first.unusedWords.length === 1 ? 'that word' : 'those words'} out.
        </p>
      )}
      {matched.length > 0 && cards(matched)}
      {unknown.length > 0 && (
        <>
          {scheduleNote && (
            <p role="note" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
              {scheduleNote}
            </p>
          )}
          {cards(unknown)}
        </>
      )}
      {search.hasNextPage && (
        <button
          type="button"
          onClick={() => void search.fetchNextPage()}
          disabled={search.isFetchingNextPage}
          className="self-center rounded-md border border-brand-700 px-5 py-2.5 font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-60"
        >
          {search.isFetchingNextPage ? 'Loading…' : 'Load More Results'}
        </button>
      )}
      <p className="text-center text-sm text-slate-500">
        Showing {results.length} of {first.total.toLocaleString('en-US')}
      </p>
    </section>
  );
}
