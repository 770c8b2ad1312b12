import { savedSearchInputSchema } from '@shared/schemas/saved-search';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { SavedSearchesList, searchHref, useLocalSavedSearches, useSaveSearchToProfile, useSessionUser } from '../../features/search';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSchemaForm } from '../../lib/use-schema-form';

const LOGIN_REDIRECT = `/student/login?redirect=${encodeURIComponent('/student/search')}`;

type Notice = { tone: 'error' | 'success'; title: string; detail?: string; results?: { q: string; href: string } };

/**
 * /student/search (spec sections 2, 5 and 8): saves a search topic to the student's profile. It does not search: the
 * button and the answer say so, and the answer links to the topic's results on /search.
 */
export default function StudentSearchPage() {
  useDocumentTitle('Find transfer matches');
  // The saved-search schema checks the topic on its own: it must say something (spec section 8's 'Enter a search topic first').
  const form = useSchemaForm({ schema: savedSearchInputSchema, initialValues: { q: '' }, toInput: ({ q }) => ({ q, filters: {} }) });
  const [notice, setNotice] = useState<Notice | null>(null);
  const navigate = useNavigate();
  const { user, isLoading } = useSessionUser();
  const local = useLocalSavedSearches();
  const save = useSaveSearchToProfile();
  const problem = form.errors.q ?? form.errors.form;

  const submit = form.handleSubmit(({ q }) => {
    setNotice(null);
    if (!user) {
      navigate(LOGIN_REDIRECT);
      return;
    }
    // The topic as typed: the server reads it whenever the search runs (issue 35), so it needs no filters of its own.
    const filters = {};
    local.save(q, filters); // always kept locally too
    save.mutate(
      { q, filters },
      {
        onSuccess: () => {
          setNotice({ tone: 'success', title: 'Saved to your profile', detail: `“${q}” is in your saved searches.`, results: { q, href: searchHref({ q, filters }) } });
          form.setValue('q', '');
        },
        onError: () => setNotice({ tone: 'error', title: 'Unable to save search', detail: 'Please try again in a moment.' }),
      },
    );
  });
  const shown: Notice | null = problem ? { tone: 'error', title: problem } : notice;

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-extrabold text-slate-900">Find transfer matches</h1>
        <p className="text-slate-700">Save a search topic to your profile, then open it any time to see the courses that match.</p>
      </div>
      <form className="flex flex-col gap-3 sm:flex-row" noValidate onSubmit={submit}>
        <label htmlFor="student-search-text" className="sr-only">
          Search topic
        </label>
        <input
          id="student-search-text"
          value={form.values.q}
          onChange={(event) => form.setValue('q', event.target.value)}
          placeholder="e.g. Calculus 1 at Miami Dade College to University of Florida"
          maxLength={200}
          aria-invalid={problem ? true : undefined}
          className="min-w-0 flex-1 rounded-md border border-slate-300 px-3 py-2.5 text-base focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none"
        />
        <button type="submit" disabled={save.isPending || isLoading} className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60">
          {save.isPending ? 'Saving…' : 'Save search'}
        </button>
      </form>
      {shown && (
        <div
          role={shown.tone === 'error' ? 'alert' : 'status'}
          className={`rounded-lg border px-4 py-3 ${shown.tone === 'error' ? 'border-rose-200 bg-rose-50 text-rose-800' : 'border-emerald-200 bg-emerald-50 text-emerald-800'}`}
        >
          <p className="font-semibold">{shown.title}</p>
          {shown.detail && <p className="text-sm">{shown.detail}</p>}
          {shown.results && (
            <Link to={shown.results.href} className="mt-2 inline-block rounded-md bg-emerald-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-emerald-800">
              See results for “{shown.results.q}”
            </Link>
          )}
        </div>
      )}
      {user && (
        <section aria-labelledby="student-saved-heading" className="flex flex-col gap-3">
          <h2 id="student-saved-heading" className="text-lg font-bold text-slate-900">
            Your saved searches
          </h2>
          <SavedSearchesList />
        </section>
      )}
      <p className="text-sm text-slate-600">
        Want results right away? <Link to="/search" className="font-semibold text-brand-700 underline">Open course search</Link>.
      </p>
    </div>
  );
}
