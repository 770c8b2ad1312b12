import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { PROGRAM_IMPORT_KINDS, PROGRAM_KINDS, REQUIREMENT_KINDS, type ProgramImportAction, type ProgramImportKind, type ProgramImportResult } from '@shared/schemas/programs';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { CsvSource } from '../../components/ui/csv-source';
import { ImportErrorTable } from '../../components/ui/import-error-table';
import { ADMIN_PROGRAMS_KEY, uploadProgramCsv } from './programs-queries';

const KIND_LABELS: Record<ProgramImportKind, string> = { programs: 'Programs', requirements: 'Requirements', attributes: 'Course attributes', 'exam-rules': 'Exam credit rules' };
// The `kind` values are the import's own lists (src/shared/schemas/programs.ts), so the page cannot drift from them.
const COLUMNS: Record<ProgramImportKind, string> = {
  programs: `school, program_code, program_name; optional degree, catalog_year, total_credits, kind (${PROGRAM_KINDS.join(', ')}; major when empty), entering_from, entering_to, includes, notes, data_note, source_url`,
  requirements: `school, program_code, requirement_id, name; optional parent_id, kind (${REQUIREMENT_KINDS.join(', ')}; major when empty), group (all, n-of), children_required, min_courses, min_credits, max_credits, options, min_grade, double_count, exam_credit, notes, doubtful`,
  attributes: 'school, course_code, attributes',
  'exam-rules': 'school, exam_type (AP, IB, CLEP), exam, min_score, credits; optional courses, notes, doubtful',
};
const ACTIONS: Record<ProgramImportAction, { label: string; className: string }> = {
  insert: { label: 'New', className: 'bg-green-100 text-green-900' },
  update: { label: 'Changed', className: 'bg-amber-100 text-amber-900' },
  unchanged: { label: 'Unchanged', className: 'bg-slate-100 text-slate-700' },
  remove: { label: 'Removed', className: 'bg-rose-100 text-rose-900' },
};
const count = (value: number, word: string) => `${value.toLocaleString('en-US')} ${word}${value === 1 ? '' : 's'}`;

function Preview({ result }: { result: ProgramImportResult }) {
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-700">
        {count(result.rows, 'row')} read{result.kind ? ` as ${KIND_LABELS[result.kind].toLowerCase()}` : ''}: {result.inserted} new, {result.updated} changed, {result.unchanged}{' '}
        unchanged{result.removed > 0 ? `, ${result.removed} removed (a file replaces what it names)` : ''}.
      </p>
      {result.errorCount > 0 && <ImportErrorTable errors={result.errors} errorCount={result.errorCount} />}
      {(result.preview?.length ?? 0) > 0 && (
        <ul className="max-h-96 divide-y divide-slate-100 overflow-auto rounded-lg border border-slate-200 bg-white text-sm" aria-label="What saving does">
          {result.preview!.map((row, index) => (
            <li key={`${row.line}-${index}`} className="flex items-start gap-2 px-3 py-2">
              <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${ACTIONS[row.action].className}`}>{ACTIONS[row.action].label}</span>
              <span className="min-w-0 break-words">
                {row.label}
                {row.line !== null && <span className="block text-xs text-slate-500">line {row.line}</span>}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Programs, requirements, course attributes and exam credit rules by CSV, with the care of the rules import: checked
 * first without saving (every error by line and column, and what saving would add, change or remove), then saved all
 * or nothing. The file's kind is read from its header.
 */
export function ProgramsImportCard() {
  const fileInput = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ProgramImportResult | null>(null);
  const [saved, setSaved] = useState<ProgramImportResult | null>(null);
  const queryClient = useQueryClient();
  const body = () => file ?? text;
  const check = useMutation({ mutationFn: () => uploadProgramCsv(body(), { dryRun: true }), onMutate: () => setSaved(null), onSuccess: setPreview });
  const save = useMutation({
    mutationFn: () => uploadProgramCsv(body(), { dryRun: false }),
    onSuccess: (result) => {
      if (result.saved) {
        setSaved(result);
        setPreview(null);
        void queryClient.invalidateQueries({ queryKey: ADMIN_PROGRAMS_KEY });
      } else setPreview(result);
    },
  });
  const clear = () => {
    setText('');
    setFile(null);
    setPreview(null);
    setSaved(null);
    check.reset();
    save.reset();
    if (fileInput.current) fileInput.current.value = '';
  };
  const failure = check.error ?? save.error;
  const changes = preview ? preview.inserted + preview.updated + preview.removed : 0;

  return (
    <div className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div>
        <h2 className="text-lg font-bold text-slate-900">Load programs by CSV</h2>
        <p className="text-sm text-slate-600">
          Four kinds of file, told apart by their columns. A file replaces what it names: all the requirements of each program in it, the attributes of each course,
          the score table of each exam. Nothing is saved until you have checked the file and confirmed it.
        </p>
      </div>
      <dl className="grid gap-2 text-xs text-slate-700 sm:grid-cols-2">
        {PROGRAM_IMPORT_KINDS.map((kind) => (
          <div key={kind} className="rounded-md bg-slate-50 p-2">
            <dt className="flex items-center justify-between gap-2 font-semibold text-slate-900">
              {KIND_LABELS[kind]}
              <a href={`/api/admin/programs/export?kind=${kind}`} className="font-semibold text-brand-700 hover:underline">
                Download (CSV)
              </a>
            </dt>
            <dd className="mt-1 break-words">{COLUMNS[kind]}</dd>
          </div>
        ))}
      </dl>
      <CsvSource
        text={text}
        file={file}
        fileInput={fileInput}
        rows={7}
        onText={(value) => {
          setText(value);
          setPreview(null);
        }}
        onFile={(chosen) => {
          setFile(chosen);
          setPreview(null);
        }}
        placeholder={'school,program_code,program_name,degree,total_credits\nUniversity of Florida,ECON-BA,Economics,BA,120'}
      />
      <div className="flex flex-wrap gap-3">
        <Button disabled={(!file && text.trim() === '') || check.isPending || save.isPending} onClick={() => check.mutate()}>
          {check.isPending ? 'Checking…' : 'Check file'}
        </Button>
        <Button variant="secondary" onClick={clear} disabled={check.isPending || save.isPending}>
          Clear
        </Button>
      </div>
      {failure && <Alert tone="error">{failure.message}</Alert>}
      {saved && (
        <Alert tone="success" title="Saved.">
          {saved.inserted} new, {saved.updated} changed, {saved.unchanged} unchanged{saved.removed > 0 ? `, ${saved.removed} removed` : ''}.
        </Alert>
      )}
      {preview && (
        <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3" aria-live="polite">
          <h3 className="font-bold text-slate-900">Check before saving</h3>
          <Preview result={preview} />
          <div className="flex flex-wrap gap-3">
            <Button disabled={preview.errorCount > 0 || preview.rows === 0 || save.isPending} onClick={() => save.mutate()}>
              {save.isPending ? 'Saving…' : `Confirm and save ${count(changes, 'change')}`}
            </Button>
            <Button variant="secondary" onClick={() => setPreview(null)} disabled={save.isPending}>
              Cancel
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
