import { ESSENTIAL_IMPORT_COLUMNS, EXPECTED_IMPORT_COLUMNS, OPTIONAL_IMPORT_COLUMNS, type ColumnMapping, type EquivalencyImportResult, type ImportAction } from '@shared/schemas/equivalencies';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { CsvSource } from '../../components/ui/csv-source';
import { ImportErrorTable } from '../../components/ui/import-error-table';
import { ColumnMappingStep, institutionQueries, useImportRules } from '../../features/equivalencies';
import { useDocumentTitle } from '../../lib/use-document-title';

const EXPECTED = EXPECTED_IMPORT_COLUMNS;
const OPTIONAL = OPTIONAL_IMPORT_COLUMNS;

const ACTION_LABELS: Record<ImportAction, { label: string; className: string }> = {
  insert: { label: 'New', className: 'bg-green-100 text-green-900' },
  update: { label: 'Changed', className: 'bg-amber-100 text-amber-900' },
  unchanged: { label: 'Unchanged', className: 'bg-slate-100 text-slate-700' },
};

const plural = (count: number, word: string) => `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;

function Counts({ result, future }: { result: EquivalencyImportResult; future: boolean }) {
  const items = [
    { label: future ? 'will be added' : 'added', value: result.inserted, tone: 'text-green-800' },
    { label: future ? 'will change' : 'changed', value: result.updated, tone: 'text-amber-800' },
    { label: future ? 'left alone' : 'unchanged', value: result.unchanged, tone: 'text-slate-700' },
  ];
  return (
    <dl className="grid grid-cols-3 gap-3">
      {items.map((item) => (
        <div key={item.label} className="rounded-lg border border-slate-200 bg-white p-3 text-center">
          <dt className="text-xs text-slate-600">{item.label}</dt>
          <dd className={`text-2xl font-bold ${item.tone}`}>{item.value.toLocaleString('en-US')}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Where the titles a table leaves out came from, and how many no catalogue gives (shown by their codes). */
function TitlesNote({ result }: { result: EquivalencyImportResult }) {
  if (result.titlesFromCatalogue === 0 && result.coursesWithoutTitle === 0) return null;
  return (
    <p className="text-sm text-slate-700">
      {result.titlesFromCatalogue > 0 && <>{plural(result.titlesFromCatalogue, 'course title')} taken from the schools&apos; catalogues. </>}
      {result.coursesWithoutTitle > 0 && (
        <span className="font-semibold text-amber-900">
          {plural(result.coursesWithoutTitle, 'course')} without a title in the file or the catalogue: left blank, shown by code.
        </span>
      )}
    </p>
  );
}

function ErrorTable({ result }: { result: EquivalencyImportResult }) {
  return <ImportErrorTable errors={result.errors} errorCount={result.errorCount} />;
}

function PreviewTable({ result }: { result: EquivalencyImportResult }) {
  const rows = result.preview ?? [];
  if (rows.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-semibold text-slate-900">
        Preview{result.rules > rows.length ? ` (first ${rows.length} of ${result.rules.toLocaleString('en-US')} rules)` : ''}
      </h3>
      <div className="max-h-[28rem] overflow-auto rounded-lg border border-slate-200">
        <table className="w-full text-left text-sm sm:min-w-[40rem]">
          <thead className="sticky top-0 bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="hidden px-3 py-2 sm:table-cell">
                Line
              </th>
              <th scope="col" className="px-2 py-2 sm:px-3">Result</th>
              <th scope="col" className="px-2 py-2 sm:px-3">From</th>
              <th scope="col" className="px-2 py-2 sm:px-3">Transfers to</th>
              <th scope="col" className="hidden px-3 py-2 sm:table-cell">
                Credits
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 bg-white">
            {rows.map((row) => (
              <tr key={row.line}>
                <td className="hidden px-3 py-2 tabular-nums sm:table-cell">{row.line}</td>
                <td className="px-2 py-2 sm:px-3">
                  <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${ACTION_LABELS[row.action].className}`}>{ACTION_LABELS[row.action].label}</span>
                  {/* On a phone the line number goes under the result, so the table fits without scrolling sideways. */}
                  <span className="mt-1 block text-xs text-slate-600 tabular-nums sm:hidden">line {row.line}</span>
                </td>
                <td className="px-2 py-2 sm:px-3">
                  <span className="block text-xs text-slate-600">{row.sourceUniversity}</span>
                  {row.source}
                </td>
                <td className="px-2 py-2 sm:px-3">
                  <span className="block text-xs text-slate-600">{row.targetUniversity}</span>
                  {row.transfers ? row.target : <span className="text-red-800">Does not transfer ({row.target})</span>}
                  {/* On a phone the credits go under the target instead of in a column of their own. */}
                  {row.credits && (
                    <span className="block text-xs text-slate-600 sm:hidden">
                      {/units$/.test(row.credits) ? row.credits : `${row.credits} ${row.credits === '1' ? 'credit' : 'credits'}`}
                    </span>
                  )}
                  {row.approval && <span className="mt-1 block text-xs text-slate-600">Approved: {row.approval}</span>}
                  {row.action === 'update' && row.changes && (
                    <span className="mt-1 block text-xs text-amber-900">
                      Changes: {row.changes.length > 0 ? row.changes.join('; ') : 'only how the courses are written'}
                    </span>
                  )}
                </td>
                <td className="hidden px-3 py-2 tabular-nums sm:table-cell">{row.credits}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/**
 * Course Data Upload (spec: CSV paste, 'Parse & Save', Clear). Parse & Save first checks the file on the server without
 * saving (a dry run through the same import) and shows what would be added, changed or left alone and every row-level
 * error; only the confirm button stores it, all or nothing.
 */
export default function AdminCoursesPage() {
  useDocumentTitle('Course Data Upload');
  const sourceId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [source, setSource] = useState('');
  const [preview, setPreview] = useState<EquivalencyImportResult | null>(null);
  const [saved, setSaved] = useState<EquivalencyImportResult | null>(null);
  /** The clerk's choices in the mapping step, sent with every later check and with the save. */
  const [mapping, setMapping] = useState<ColumnMapping>({});
  /** Whether the clerk confirmed adding the schools the preview says are new. */
  const [addNewSchools, setAddNewSchools] = useState(false);
  const schools = useQuery(institutionQueries.search(''));

  // The same file goes to the server twice: checked without saving (a dry run), then stored once confirmed.
  const upload = (dryRun: boolean, columns = mapping) => ({
    csv: file ?? text,
    dryRun,
    sourceUniversity: source || undefined,
    mapping: columns,
    newSchools: !dryRun && addNewSchools ? preview?.institutionsCreated : undefined,
  });
  const check = useImportRules();
  const save = useImportRules();
  const runCheck = (columns = mapping) => {
    setPreview(null);
    setSaved(null);
    setAddNewSchools(false);
    check.mutate(upload(true, columns), { onSuccess: setPreview });
  };
  const applyMapping = (columns: ColumnMapping) => {
    setMapping(columns);
    runCheck(columns);
  };
  const newInput = () => {
    setPreview(null);
    setSaved(null);
    setMapping({});
  };
  const runSave = () =>
    save.mutate(upload(false), {
      onSuccess: (result) => {
        if (result.saved) {
          setSaved(result);
          setPreview(null);
        } else setPreview(result);
      },
    });

  const clear = () => {
    setText('');
    setFile(null);
    setPreview(null);
    setSaved(null);
    setMapping({});
    check.reset();
    save.reset();
    if (fileInput.current) fileInput.current.value = '';
  };
  const hasInput = Boolean(file) || text.trim() !== '';
  const needsSchoolConfirmation = (preview?.institutionsCreated.length ?? 0) > 0 && !addNewSchools;
  const canSave = preview !== null && preview.errorCount === 0 && preview.rules > 0 && !needsSchoolConfirmation;
  const failure = check.error ?? save.error;

  return (
    <section className="flex flex-col gap-5">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Course Data Upload</h1>
          <p className="mt-1 max-w-2xl text-sm text-slate-600">
            Paste or choose a CSV of course equivalencies. Nothing is saved until you have seen the preview and confirmed it; a file with any
            error is not saved at all.
          </p>
        </div>
        <a href="/api/admin/equivalencies/export" className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50">
          Download all rules (CSV)
        </a>
      </header>

      <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <p className="text-sm text-slate-700">
          <span className="font-semibold">Expected columns:</span> <code className="break-words">{EXPECTED.join(', ')}</code>, and the
          sending school: a <code>source_university</code> column, or the Source school chosen below.
        </p>
        <p className="mt-1 text-sm text-slate-600">
          Only <code className="break-words">{ESSENTIAL_IMPORT_COLUMNS.join(', ')}</code> are needed: a course without a title takes its school&apos;s
          catalogue title, and one without credits awards the student&apos;s own.
        </p>
        <p className="mt-1 text-sm text-slate-600">
          Optional: <code className="break-words">{OPTIONAL.join(', ')}</code>. Rows sharing a <code>group</code> form one rule (a lecture and its lab).
        </p>
        <p className="mt-1 text-sm text-slate-600">
          Tables as schools publish them load too: common headers such as <code>from_course_code</code>, <code>cc_course</code>,{' '}
          <code>receiving_course</code> or <code>receiving_units</code> are recognised, as are TES import files and CourseWise (ATAIN)
          equivalency CSVs. Any other header you match to these columns after the check.
        </p>

        <div className="mt-4 flex flex-col gap-1">
          <label htmlFor={sourceId} className="text-sm font-medium text-slate-800">
            Source school
          </label>
          <select
            id={sourceId}
            value={source}
            onChange={(event) => setSource(event.target.value)}
            className="max-w-md rounded-md border border-slate-300 bg-white px-3 py-2 text-base"
            aria-describedby={`${sourceId}-hint`}
          >
            <option value="">From the file's source_university column</option>
            {(schools.data ?? []).map((school) => (
              <option key={school.id} value={school.key}>
                {school.name}
              </option>
            ))}
          </select>
          <p id={`${sourceId}-hint`} className="text-xs text-slate-600">
            Where the courses in source_code are taught, for rows that do not name it.
          </p>
        </div>

        <CsvSource
          text={text}
          file={file}
          fileInput={fileInput}
          onText={(value) => {
            setText(value);
            newInput();
          }}
          onFile={(chosen) => {
            setFile(chosen);
            newInput();
          }}
          placeholder={`${EXPECTED.join(',')}\nECO 2013,Principles of Macroeconomics,Florida State University,ECO 2013,Principles of Macroeconomics,3`}
        />

        <div className="mt-5 flex flex-wrap gap-3">
          <Button disabled={!hasInput || check.isPending || save.isPending} onClick={() => runCheck()}>
            {check.isPending ? 'Checking…' : 'Parse & Save'}
          </Button>
          <Button variant="secondary" onClick={clear} disabled={check.isPending || save.isPending}>
            Clear
          </Button>
        </div>
      </div>

      {failure && <Alert tone="error">{failure.message}</Alert>}

      {saved && (
        <Alert tone="success" title="Saved.">
          {plural(saved.inserted, 'rule')} added, {plural(saved.updated, 'rule')} changed, {saved.unchanged.toLocaleString('en-US')} unchanged
          {saved.institutionsCreated.length > 0 && `; new schools: ${saved.institutionsCreated.join(', ')}`}.
        </Alert>
      )}

      {preview && (
        <div className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:p-6" aria-live="polite">
          <h2 className="text-xl font-bold text-slate-900">Check before saving</h2>
          <p className="text-sm text-slate-700">
            {plural(preview.rows, 'row')} read, {plural(preview.rules, 'rule')}.
          </p>
          {preview.columns && <ColumnMappingStep key={JSON.stringify(preview.columns)} report={preview.columns} pending={check.isPending} onApply={applyMapping} />}
          {preview.institutionsCreated.length > 0 && (
            <Alert tone="warning" title={`New schools will be added: ${preview.institutionsCreated.join(', ')}.`}>
              No school on file has these names. Check the spelling before saving: a misspelt name adds a new school instead
              of using the one you meant (add the spelling as an alias on Universities to match it next time).
              <label className="mt-2 flex items-start gap-2 font-medium">
                <input type="checkbox" className="mt-1" checked={addNewSchools} onChange={(event) => setAddNewSchools(event.target.checked)} />
                Yes, add {preview.institutionsCreated.length === 1 ? 'this school' : `these ${preview.institutionsCreated.length} schools`} when saving
              </label>
            </Alert>
          )}
          <Counts result={preview} future />
          <TitlesNote result={preview} />
          {preview.errorCount > 0 && <ErrorTable result={preview} />}
          <PreviewTable result={preview} />
          <div className="flex flex-wrap gap-3">
            <Button disabled={!canSave || save.isPending} onClick={runSave}>
              {save.isPending ? 'Saving…' : `Confirm and save ${plural(preview.inserted + preview.updated, 'change')}`}
            </Button>
            <Button variant="secondary" onClick={() => setPreview(null)} disabled={save.isPending}>
              Cancel
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
