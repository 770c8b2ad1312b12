import {
  EXPECTED_IMPORT_COLUMNS,
  OPTIONAL_IMPORT_COLUMNS,
  type ColumnMapping,
  type ImportColumn,
  type ImportColumnsReport,
} from '@shared/schemas/equivalencies';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button';

/** What each of Crosswalk's columns holds, in the clerk's words. */
const COLUMN_LABELS: Record<ImportColumn, string> = {
  source_code: 'Sending course code',
  source_name: 'Sending course title',
  target_university: 'Receiving school',
  target_code: 'Receiving course code',
  target_name: 'Receiving course title',
  credits: 'Credits awarded',
  source_university: 'Sending school',
  source_credits: 'Sending course credits',
  min_grade: 'Minimum grade',
  effective_from: 'Effective from (term)',
  effective_to: 'Effective until (term)',
  group: 'Group (courses taken together)',
  notes: 'Notes (conditions the student reads)',
  credit_unit: 'Quarter or semester units',
  equivalency_type: 'Kind of transfer (direct, elective, general education, no credit…)',
  approved_by: 'Approved by',
  approved_on: 'Approved on (date)',
  source_subject: 'Sending subject (code in two columns)',
  source_number: 'Sending number (code in two columns)',
  target_subject: 'Receiving subject (code in two columns)',
  target_number: 'Receiving number (code in two columns)',
};

const LAYOUT_NOTES: Record<ImportColumnsReport['layout'], string | null> = {
  crosswalk: null,
  tes: 'Read as a TES import file: course codes from SendCourseCode and ReceiveCourseCode, schools by name or IPEDS number.',
  atain: 'Read as a CourseWise (ATAIN) equivalency CSV: codes from prefix and number, schools by IPEDS number.',
};

/** The expected columns a file may leave out (titles, credits), the optional ones, and the two-column code parts when the file uses them, after the ones it needs. */
function otherColumns(report: ImportColumnsReport): ImportColumn[] {
  const listed: readonly string[] = [...EXPECTED_IMPORT_COLUMNS, ...OPTIONAL_IMPORT_COLUMNS];
  const parts = (Object.keys(report.mapped) as ImportColumn[]).filter((column) => !listed.includes(column));
  return [...new Set([...EXPECTED_IMPORT_COLUMNS, ...OPTIONAL_IMPORT_COLUMNS, ...parts])].filter((column) => !report.required.includes(column));
}

/**
 * The mapping step of Course Data Upload: after a check, which of the file's headers each Crosswalk column is read
 * from (recognised names, or the mapping remembered for the source school, already chosen). Open when a needed column
 * is missing or a header is read by nothing; the clerk's choices go back with the next check and with the save.
 */
export function ColumnMappingStep({ report, pending, onApply }: { report: ImportColumnsReport; pending: boolean; onApply: (mapping: ColumnMapping) => void }) {
  const id = useId();
  const [choice, setChoice] = useState<ColumnMapping>(report.mapped);
  const missing = new Set(report.missing);
  const needsAttention = report.missing.length > 0 || report.unused.length > 0;
  const note = LAYOUT_NOTES[report.layout];
  const chosen = (Object.entries(choice) as Array<[ImportColumn, string | undefined]>).filter((entry): entry is [ImportColumn, string] => Boolean(entry[1]));
  const others = otherColumns(report);
  const optionalRead = others.filter((column) => report.mapped[column]).length;
  const select = (column: ImportColumn) => (
    <div key={column} className="flex flex-col gap-1">
      <label htmlFor={`${id}-${column}`} className="text-sm text-slate-800">
        <span className="font-medium">{COLUMN_LABELS[column]}</span> <code className="text-xs text-slate-600">{column}</code>
        {missing.has(column) && <span className="ml-1 rounded bg-amber-100 px-1.5 text-xs font-semibold text-amber-900">needed</span>}
      </label>
      <select
        id={`${id}-${column}`}
        value={choice[column] ?? ''}
        onChange={(event) => setChoice((current) => ({ ...current, [column]: event.target.value || undefined }))}
        className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-base sm:text-sm"
      >
        <option value="">Not in this file</option>
        {report.headers
          .filter((header) => header !== '')
          .map((header) => (
            <option key={header} value={header}>
              {header}
            </option>
          ))}
      </select>
    </div>
  );
  const changed = chosen.length !== Object.keys(report.mapped).length || chosen.some(([column, header]) => report.mapped[column] !== header);

  return (
    <details open={needsAttention} className="rounded-lg border border-slate-200 bg-white p-3 sm:p-4">
      <summary className="cursor-pointer font-semibold text-slate-900">
        {report.missing.length > 0 ? `Match the file's columns: ${report.missing.length} needed` : 'Columns read from the file'}
      </summary>
      {note && <p className="mt-2 text-sm text-slate-700">{note}</p>}
      <p className="mt-2 text-sm text-slate-600">
        Choose the file's column for each of Crosswalk's. With a Source school chosen, the columns you save with are remembered for that
        school's next file.
      </p>
      {report.unused.length > 0 && (
        <p className="mt-2 text-sm text-slate-700">
          <span className="font-medium">Not read yet:</span> {report.unused.map((header) => `"${header}"`).join(', ')}
        </p>
      )}
      <div className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-2">{report.required.map(select)}</div>
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-medium text-slate-800">
          Optional columns{optionalRead > 0 ? ` (${optionalRead} read)` : ''}
        </summary>
        <div className="mt-2 grid gap-x-6 gap-y-2 sm:grid-cols-2">{others.map(select)}</div>
      </details>
      <Button className="mt-4" disabled={pending || !changed} onClick={() => onApply(Object.fromEntries(chosen))}>
        {pending ? 'Checking…' : 'Check again with these columns'}
      </Button>
    </details>
  );
}
