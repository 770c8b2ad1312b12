import { useId, useState } from 'react';
import * as z from 'zod/mini';
import { searchFiltersSchema, type SearchFilters } from '@shared/schemas/search';
import { DELIVERY_FORMAT_OPTIONS, INSTITUTION_TYPE_OPTIONS, STATE_OPTIONS, SUBJECT_AREA_OPTIONS, type SearchOption } from '@shared/search/search-options';
import { termLabel, termOptions } from '@shared/terms';
import { useSchemaForm } from '../../lib/use-schema-form';
import { SchoolSelect } from '../schools';

/**
 * The fields: each school by its key once picked from the list (`homeCollege`), with its name as typed
 * (`transferFromSchool`): a name typed and not picked is searched as written, and the server says which school it is.
 */
const MANUAL_FIELDS = ['homeCollege', 'transferFromSchool', 'targetCollege', 'transferToSchool', 'targetSubject', 'className', 'deliveryFormat', 'institutionType', 'state', 'term'] as const;
type ManualField = (typeof MANUAL_FIELDS)[number];
type ManualValues = Record<ManualField, string>;

/** The chosen fields as search filters; the class name counts only with a subject (the field shows only then). */
function toFilters(values: ManualValues) {
  const filters: Partial<Record<keyof SearchFilters, string>> = { searchType: 'manual' };
  for (const key of MANUAL_FIELDS) {
    if (key === 'className' && !values.targetSubject) continue;
    const value = values[key].trim();
    if (value) filters[key] = value;
  }
  // Every filter is optional; zod's input type of the filters' transforms reads them as required `unknown`s.
  return filters as z.input<typeof searchFiltersSchema>;
}

/**
 * Spec section 5's rules for Manual Entry, then the shared search-filters schema (the contract of a saved search and
 * of the course search) on what the form sends.
 */
const manualEntrySchema = z.pipe(
  z.object(Object.fromEntries(MANUAL_FIELDS.map((field) => [field, z.string()])) as Record<ManualField, z.ZodMiniString>).check(
    z.refine((values) => !values.targetSubject || values.className.trim() !== '', { message: 'Enter the class name or number', path: ['className'] }),
    z.refine((values) => Object.values(values).some((value) => value.trim() !== ''), { message: 'Choose at least one school, subject or filter.' }),
  ),
  z.pipe(z.transform(toFilters), searchFiltersSchema),
);

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
  const form = useSchemaForm({
    schema: manualEntrySchema,
    initialValues: Object.fromEntries(MANUAL_FIELDS.map((field) => [field, (initial?.[field] as string | undefined) ?? ''])) as ManualValues,
  });
  const { values, errors } = form;
  const classId = useId();
  const set = (name: ManualField, value: string) => form.setValue(name, value);
  const setSchool = (keyField: 'homeCollege' | 'targetCollege', nameField: 'transferFromSchool' | 'transferToSchool') => (school: { key: string | null; name: string }) => {
    form.setValue(keyField, school.key ?? '');
    form.setValue(nameField, school.name);
  };
  // The current and the next academic year's terms (src/shared/terms.ts), and a search's older term kept as it was.
  const [terms] = useState(() => {
    const offered: SearchOption[] = termOptions();
    const chosen = initial?.term;
    return chosen && !offered.some((term) => term.value === chosen) ? [{ value: chosen, label: termLabel(chosen) }, ...offered] : offered;
  });

  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={form.handleSubmit(onSearch)}>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SchoolSelect
          label="Current school"
          name="homeCollege"
          value={{ key: values.homeCollege || null, name: values.transferFromSchool || values.homeCollege }}
          onChange={setSchool('homeCollege', 'transferFromSchool')}
          firstChoices="search"
          state={values.state || null}
          placeholder="Any school: type its name, like LSU"
        />
        <SchoolSelect
          label="Target school"
          name="targetCollege"
          value={{ key: values.targetCollege || null, name: values.transferToSchool || values.targetCollege }}
          onChange={setSchool('targetCollege', 'transferToSchool')}
          firstChoices="search"
          state={values.state || null}
          placeholder="Type a school’s name, like UW Madison"
        />
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
        <SelectField label="Term" name="term" options={terms} value={values.term} onChange={set} anyLabel="Any term" />
      </fieldset>
      {errors.form && <p className="text-sm text-rose-700">{errors.form}</p>}
      <button type="submit" className="self-start rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
        Search Courses
      </button>
    </form>
  );
}
