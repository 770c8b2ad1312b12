import { useState } from 'react';

export const SMART_SEARCH_EXAMPLE = "I'm Maria at Valencia College and want to transfer Principles of Macroeconomics (ECO 2013) to Florida State University";

/** Smart Search: describe what you need in your own words. */
export function SmartSearchForm({ initialText, onSearch }: { initialText: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(initialText);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        const trimmed = text.trim();
        if (!trimmed) {
          setError('Describe the course you need first.');
          return;
        }
        setError(null);
        onSearch(trimmed);
      }}
    >
      <label htmlFor="smart-search-text" className="text-sm font-semibold text-slate-800">
        Describe what you need
      </label>
      <textarea
        id="smart-search-text"
        rows={3}
        value={text}
        maxLength={1000}
        onChange={(event) => setText(event.target.value)}
        placeholder={SMART_SEARCH_EXAMPLE}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'smart-search-error' : undefined}
        className="w-full rounded-md border border-slate-300 px-3 py-2 text-base focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none"
      />
      {error && (
        <p id="smart-search-error" className="text-sm text-rose-700">
          {error}
        </p>
      )}
      <button type="submit" className="self-start rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
        Search
      </button>
    </form>
  );
}
