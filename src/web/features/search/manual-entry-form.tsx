import { useId, useState } from 'react';
import type { SearchFilters } from '@shared/schemas/search';
import {
  DELIVERY_FORMAT_OPTIONS,
  INSTITUTION_TYPE_OPTIONS,
  SCHOOL_OPTIONS,
  STATE_OPTIONS,
  SUBJECT_AREA_OPTIONS,
  TERM_OPTIONS,
  type SearchOption,
} from '@shared/search/search-options';

type ManualField = 'homeCollege' | 'targetCollege' | 'targetSubject' | 'className' | 'deliveryFormat' | 'institutionType' | 'state' | 'term';
type ManualValues = Record<ManualField, string>;

const EMPTY: ManualValues = {
  homeCollege: '',
  targetCollege: '',
  targetSubject: '',
  className: '',
  deliveryFormat: '',
  institutionType: '',
  state: '',
  term: '',
};

function SelectField({
  label,
  name,
  options,
  value,
  onChange,
  anyLabel,
}: {
  label: string;
  name: ManualField;
  options: readonly SearchOption[];
  value: string;
  onChange: (name: ManualField, value: string) => void;
  anyLabel: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold text-slate-800">
        {label}
      </label>
      <select
        id={id}
        name={name}
        value={value}
        onChange={(event) => onChange(name, event.target.value)}
        className="rounded-md border border-slate-300 bg-white px-3 py-2 text-base focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none"
      >
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Manual Entry (spec section 5): schools, subject and filters. Once a target subject is picked the
 * 'Class Name / Number' field appears and is required.
 */
export function ManualEntryForm({ initial, onSearch }: { initial: SearchFilters | null; onSearch: (filters: SearchFilters) => void }) {
  const [values, setValues] = useState<ManualValues>(() => {
    const start = { ...EMPTY };
    if (initial) for (const key of Object.keys(EMPTY) as ManualField[]) start[key] = (initial[key] as string | undefined) ?? '';
    return start;
  });
  const [errors, setErrors] = useState<Partial<Record<ManualField | 'form', string>>>({});
  const classId = useId();
  const set = (name: ManualField, value: string) => setValues((current) => ({ ...current, [name]: value }));

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        const className = values.className.trim();
        const next: typeof errors = {};
        if (values.targetSubject && !className) next.className = 'Enter the class name or number';
        if (!Object.values(values).some((value) => value.trim() !== '')) next.form = 'Choose at least one school, subject or filter.';
        setErrors(next);
        if (Object.keys(next).length > 0) return;
        const filters: SearchFilters = { searchType: 'manual' };
        for (const key of Object.keys(EMPTY) as ManualField[]) {
          if (key === 'className' && !values.targetSubject) continue;
          const value = key === 'className' ? className : values[key];
          if (value) (filters as Record<string, string>)[key] = value;
        }
        onSearch(filters);
      }}
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SelectField label="Current school" name="homeCollege" options={SCHOOL_OPTIONS} value={values.homeCollege} onChange={set} anyLabel="Any school" />
        <SelectField label="Target school" name="targetCollege" options={SCHOOL_OPTIONS} value={values.targetCollege} onChange={set} anyLabel="Choose a school" />
        <SelectField label="Target subject" name="targetSubject" options={SUBJECT_AREA_OPTIONS} value={values.targetSubject} onChange={set} anyLabel="Any subject" />
        {values.targetSubject && (
          <div className="flex flex-col gap-1">
            <label htmlFor={classId} className="text-sm font-semibold text-slate-800">
              Class Name / Number <span className="text-rose-700">*</span>
            </label>
            <input
              id={classId}
              name="className"
              required
              value={values.className}
              maxLength={80}
              onChange={(event) => set('className', event.target.value)}
              placeholder="e.g. ECO 2013 or Macroeconomics"
              aria-invalid={errors.className ? true : undefined}
              aria-describedby={`${classId}-hint${errors.className ? ` ${classId}-error` : ''}`}
              className="rounded-md border border-slate-300 px-3 py-2 text-base focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none"
            />
            <p id={`${classId}-hint`} className="text-xs text-slate-500">
              Enter the specific course number you need to transfer
            </p>
            {errors.className && (
              <p id={`${classId}-error`} className="text-sm text-rose-700">
                {errors.className}
              </p>
            )}
          </div>
        )}
      </div>
      <fieldset className="grid grid-cols-1 gap-4 border-t border-slate-200 pt-4 sm:grid-cols-2 lg:grid-cols-4">
        <legend className="sr-only">Filters</legend>
        <SelectField label="Delivery format" name="deliveryFormat" options={DELIVERY_FORMAT_OPTIONS} value={values.deliveryFormat} onChange={set} anyLabel="Any format" />
        <SelectField label="Institution type" name="institutionType" options={INSTITUTION_TYPE_OPTIONS} value={values.institutionType} onChange={set} anyLabel="Public or private" />
        <SelectField label="State" name="state" options={STATE_OPTIONS} value={values.state} onChange={set} anyLabel="Any state" />
        <SelectField label="Term" name="term" options={TERM_OPTIONS} value={values.term} onChange={set} anyLabel="Any term" />
      </fieldset>
      {errors.form && <p className="text-sm text-rose-700">{errors.form}</p>}
      <button type="submit" className="self-start rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
        Search Courses
      </button>
    </form>
  );
}
