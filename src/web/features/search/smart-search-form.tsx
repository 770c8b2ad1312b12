import * as z from 'zod/mini';
import { useSchemaForm } from '../../lib/use-schema-form';

export const SMART_SEARCH_EXAMPLE = "I'm Maria at Valencia College and want to transfer Principles of Macroeconomics (ECO 2013) to Florida State University";

/** Smart Search is read in the browser (the words become filters), so its one rule lives with the form. */
const smartSearchSchema = z.object({ text: z.string().check(z.trim(), z.minLength(1, 'Describe the course you need first.'), z.maxLength(1000)) });

/** Smart Search: describe what you need in your own words. */
export function SmartSearchForm({ initialText, onSearch }: { initialText: string; onSearch: (text: string) => void }) {
  const form = useSchemaForm({ schema: smartSearchSchema, initialValues: { text: initialText } });
  const error = form.errors.text;
  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={form.handleSubmit(({ text }) => onSearch(text))}>
      <label htmlFor="smart-search-text" className="text-sm font-semibold text-slate-800">
        Describe what you need
      </label>
      <textarea
        id="smart-search-text"
        rows={3}
        value={form.values.text}
        maxLength={1000}
        onChange={(event) => form.setValue('text', event.target.value)}
        onKeyDown={(event) => {
          // Return searches, as in any search box; Shift+Return still starts a new line (and an IME's Return picks a word).
          if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
          event.preventDefault();
          event.currentTarget.form?.requestSubmit();
        }}
        placeholder={SMART_SEARCH_EXAMPLE}
        aria-describedby={error ? 'smart-search-error' : 'smart-search-hint'}
        aria-invalid={error ? true : undefined}
        // Tall enough on a phone for the whole example (five lines at 320 px), so the placeholder is never cut off.
        className="w-full rounded-md border border-slate-300 px-3 py-2 text-base focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none max-sm:min-h-[8.75rem]"
      />
      {error ? (
        <p id="smart-search-error" className="text-sm text-rose-700">
          {error}
        </p>
      ) : (
        <p id="smart-search-hint" className="text-xs text-slate-600">
          Press Return to search, Shift+Return for a new line.
        </p>
      )}
      <button type="submit" className="self-start rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
        Search
      </button>
    </form>
  );
}
