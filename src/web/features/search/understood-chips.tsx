import type { SearchChip } from '@shared/schemas/course';

/**
 * What the server understood of a search (GET /api/courses/search answers it), as chips; removing one runs the search
 * again without it. `words`: the course words it searched for; `unusedWords`: what it read and could not use (words no
 * course has, a season with no term), said rather than silently dropped.
 */
export function UnderstoodChips({
  chips,
  words,
  unusedWords = [],
  onRemove,
}: {
  chips: SearchChip[];
  words: string;
  unusedWords?: string[];
  onRemove: (chip: SearchChip) => void;
}) {
  if (chips.length === 0 && !words && unusedWords.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-1.5" aria-label="What we understood">
      <span className="text-sm font-medium text-slate-600">We understood:</span>
      {words && <span className="rounded-full bg-slate-100 px-3 py-0.5 text-sm text-slate-800">“{words}”</span>}
      {chips.map((chip) => (
        <span key={chip.without} className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pr-0.5 pl-3 text-sm text-brand-900">
          {chip.label}
          <button
            type="button"
            onClick={() => onRemove(chip)}
            className="inline-flex h-8 w-8 items-center justify-center rounded-full text-base text-brand-700 hover:bg-brand-100"
            aria-label={`Remove ${chip.label}`}
          >
            ×
          </button>
        </span>
      ))}
      {unusedWords.length > 0 && <span className="text-sm text-slate-600">Not used: {unusedWords.map((word) => `“${word}”`).join(', ')}</span>}
    </div>
  );
}
