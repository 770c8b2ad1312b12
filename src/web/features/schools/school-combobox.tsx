import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import type { SchoolSuggestion } from '@shared/schemas/equivalencies';
import { describedBy, FieldNotes } from '../../components/ui/form-field';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { schoolQueries, type FirstChoiceList } from './school-queries';

export interface SchoolComboboxProps {
  label: string;
  hint?: string;
  error?: string;
  /** The text in the box. */
  value: string;
  onValueChange: (text: string) => void;
  /** What is searched for (default: the whole text). A list of names searches the one being typed. */
  query?: string;
  onPick: (school: SchoolSuggestion) => void;
  /** Offered before anything is typed: the spec's search options or transcript destinations, or the caller's own. */
  firstChoices?: FirstChoiceList | SchoolSuggestion[];
  /** The student's state: its schools first where a name is shared ("UNO"). */
  state?: string | null;
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Screen-reader-only label (a compact row), still announced as the field's name. */
  hideLabel?: boolean;
  /** Longest text (a list of names is longer than one). */
  maxLength?: number;
  /** Schools not to offer (favorites already kept). */
  omit?: (school: SchoolSuggestion) => boolean;
}

const where = (school: SchoolSuggestion) => [school.city, school.state].filter(Boolean).join(', ');

/**
 * The one school picker: type any name a school goes by ("LSU", "UW Madison", "Ole Miss") and choose it from the list,
 * with the mouse, a finger or the keyboard (↓ ↑ to move, Enter to choose, Esc to close). An ARIA 1.2 combobox: the input
 * keeps focus, the list is `listbox`, the option in focus is `aria-activedescendant`, and how many schools were found
 * is announced. The list sits under the field at full width and scrolls, so it works at phone width.
 */
export function SchoolCombobox({
  label,
  hint,
  error,
  value,
  onValueChange,
  query,
  onPick,
  firstChoices,
  state,
  placeholder,
  required,
  disabled,
  name,
  inputRef,
  hideLabel,
  maxLength = 200,
  omit,
}: SchoolComboboxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = (query ?? value).trim();
  const searched = useDebouncedValue(typed, 150);
  const results = useQuery({ ...schoolQueries.search(searched, state ?? undefined), enabled: open && searched.length > 0 });
  const firstList = typeof firstChoices === 'string' ? firstChoices : null;
  const first = useQuery({ ...schoolQueries.firstChoices(firstList ?? 'search'), enabled: open && firstList !== null && typed === '' });
  // While typing pauses, the last answer stays in the list rather than flickering away.
  const offered: SchoolSuggestion[] = typed === '' ? (Array.isArray(firstChoices) ? firstChoices : (first.data ?? [])) : (results.data ?? []);
  const options = omit ? offered.filter((school) => !omit(school)) : offered;
  const showList = open && !disabled && options.length > 0;
  const waiting = open && typed !== '' && (searched !== typed || results.isFetching) && options.length === 0;
  const nothing = open && typed !== '' && searched === typed && results.isSuccess && options.length === 0;
  const blurTimer = useRef<number | null>(null);

  const pick = (school: SchoolSuggestion) => {
    onPick(school);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) setOpen(true);
      setActive((index) => (options.length === 0 ? -1 : (index + 1) % options.length));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => (options.length === 0 ? -1 : index <= 0 ? options.length - 1 : index - 1));
    } else if (event.key === 'Enter' && showList && active >= 0 && options[active]) {
      event.preventDefault();
      pick(options[active]!);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className="relative flex flex-col gap-1">
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'text-sm font-semibold text-slate-800'}>
        {label}
        {required && !hideLabel && <span className="text-rose-700"> *</span>}
      </label>
      <input
        id={id}
        ref={inputRef}
        name={name}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? `${id}-option-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        aria-required={required || undefined}
        autoComplete="off"
        spellCheck={false}
        value={value}
        placeholder={placeholder}
        disabled={disabled}
        maxLength={maxLength}
        onChange={(event) => {
          onValueChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => {
          if (blurTimer.current) window.clearTimeout(blurTimer.current);
          setOpen(true);
        }}
        onBlur={() => {
          blurTimer.current = window.setTimeout(() => setOpen(false), 120);
        }}
        onKeyDown={onKeyDown}
        className={`w-full rounded-md border bg-white px-3 py-2 text-base text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none disabled:bg-slate-100 ${error ? 'border-red-600' : 'border-slate-300'}`}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Matching schools"
        hidden={!showList}
        className="absolute top-full right-0 left-0 z-30 mt-1 max-h-72 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg"
      >
        {showList &&
          options.map((school, index) => (
            <li
              key={school.id}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === active}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(school)}
              onMouseEnter={() => setActive(index)}
              className={`flex min-h-11 cursor-pointer flex-col justify-center px-3 py-2 text-sm ${index === active ? 'bg-brand-50 text-brand-900' : 'text-slate-900'}`}
            >
              <span className="font-medium">{school.name}</span>
              <span className="text-xs text-slate-600">
                {[where(school), school.alsoKnownAs ? `also known as ${school.alsoKnownAs}` : null].filter(Boolean).join(' · ')}
              </span>
            </li>
          ))}
      </ul>
      <p className="sr-only" aria-live="polite" data-testid="school-count">
        {showList ? `${options.length} ${options.length === 1 ? 'school' : 'schools'} found. Use the up and down keys to choose.` : nothing ? 'No school found by that name.' : ''}
      </p>
      {waiting && <p className="text-xs text-slate-600">Looking for schools…</p>}
      {nothing && <p className="text-xs text-slate-600">No school found by “{typed}”. Check the spelling or try another name it goes by.</p>}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** A chosen school: its key once picked from the list, and the text as typed. */
export interface ChosenSchool {
  key: string | null;
  name: string;
}

/**
 * One school to choose (Manual Entry's schools, a transcript's destination): the combobox, holding the key of the school
 * picked; typing again drops it until another is picked.
 */
export function SchoolSelect({ value, onChange, ...props }: Omit<SchoolComboboxProps, 'value' | 'onValueChange' | 'onPick' | 'query'> & { value: ChosenSchool; onChange: (school: ChosenSchool) => void }) {
  return (
    <SchoolCombobox
      {...props}
      value={value.name}
      onValueChange={(name) => onChange({ key: null, name })}
      onPick={(school) => onChange({ key: school.key, name: school.name })}
    />
  );
}

/**
 * A school kept as its name (an appeal's schools, the profile's current school): the combobox, a school picked from the
 * list writing its name; anything typed stays as typed, and the server finds the school by any name it goes by.
 */
export function SchoolNameField({ value, onChange, ...props }: Omit<SchoolComboboxProps, 'value' | 'onValueChange' | 'onPick' | 'query'> & { value: string; onChange: (name: string) => void }) {
  return <SchoolCombobox {...props} value={value} onValueChange={onChange} onPick={(school) => onChange(school.name)} />;
}
