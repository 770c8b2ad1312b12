import type { SmartSearchChip } from '@shared/search/smart-search-parser';

/**
 * What Smart Search understood, as chips; removing one runs the search again without it. `unusedWords`: words it read
 * and could not use (a season with a year the search has no term for), said rather than silently dropped.
 */
export function UnderstoodChips({ chips, unusedWords = [], onRemove }: { chips: SmartSearchChip[]; unusedWords?: string[]; onRemove: (chip: SmartSearchChip) => void }) {
  if (chips.length === 0 && unusedWords.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2" aria-label="What we understood">
      <span className="text-sm font-medium text-slate-600">We understood:</span>
      {chips.map((chip) => (
        <span key={`${chip.field}:${chip.value}`} className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pr-0.5 pl-3 text-sm text-brand-900">
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
      {unusedWords.length > 0 && (
        <span className="text-sm text-slate-600">
          Not used: {unusedWords.map((word) => `“${word}”`).join(', ')} (no such term in the search)
        </span>
      )}
    </div>
  );
}
