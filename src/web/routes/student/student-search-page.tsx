import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { parseSmartSearch, toSearchFilters } from '@shared/search/smart-search-parser';
import { SavedSearchesList } from '../../features/search/saved-searches-list';
import { SAVED_SEARCHES_QUERY_KEY, saveSearchToProfile } from '../../features/search/search-api';
import { useLocalSavedSearches } from '../../features/search/use-local-saved-searches';
import { useSessionUser } from '../../features/search/use-session-user';

const LOGIN_REDIRECT = `/student/login?redirect=${encodeURIComponent('/student/search')}`;

type Notice = { tone: 'error' | 'success'; title: string; detail?: string };

/** /student/search (spec sections 2, 5 and 8): save a search topic to the student's profile. */
export default function StudentSearchPage() {
  const [text, setText] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);
  const [saving, setSaving] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user, isLoading } = useSessionUser();
  const local = useLocalSavedSearches();

  const submit = async () => {
    const q = text.trim();
    if (!q) {
      setNotice({ tone: 'error', title: 'Enter a search topic first' });
      return;
    }
    if (!user) {
      navigate(LOGIN_REDIRECT);
      return;
    }
    const filters = toSearchFilters(parseSmartSearch(q));
    local.save(q, filters); // always kept locally too
    setSaving(true);
    try {
      await saveSearchToProfile({ q, filters });
      setNotice({ tone: 'success', title: 'Saved to your profile' });
      setText('');
      await queryClient.invalidateQueries({ queryKey: SAVED_SEARCHES_QUERY_KEY });
    } catch {
      setNotice({ tone: 'error', title: 'Unable to save search', detail: 'Please try again in a moment.' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-extrabold text-slate-900">Find transfer matches</h1>
      <form
        className="flex flex-col gap-3 sm:flex-row"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <label htmlFor="student-search-text" className="sr-only">
          Search topic
        </label>
        <input
          id="student-search-text"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="e.g. Calculus 1 at Miami Dade College to University of Florida"
          maxLength={200}
          className="min-w-0 flex-1 rounded-md border border-slate-300 px-3 py-2.5 text-base focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none"
        />
        <button type="submit" disabled={saving || isLoading} className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60">
          {saving ? 'Saving…' : 'Search'}
        </button>
      </form>
      {notice && (
        <div
          role={notice.tone === 'error' ? 'alert' : 'status'}
          className={`rounded-lg border px-4 py-3 ${notice.tone === 'error' ? 'border-rose-200 bg-rose-50 text-rose-800' : 'border-emerald-200 bg-emerald-50 text-emerald-800'}`}
        >
          <p className="font-semibold">{notice.title}</p>
          {notice.detail && <p className="text-sm">{notice.detail}</p>}
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
        Want results right away? <Link to="/search" className="font-semibold text-brand-700 hover:underline">Open course search</Link>.
      </p>
    </div>
  );
}
