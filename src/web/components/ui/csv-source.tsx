import { useId, type Ref } from 'react';

/** A CSV to import: pasted text, or a chosen file (which then replaces the text). Shared by the admin's CSV imports. */
export function CsvSource({
  text,
  file,
  onText,
  onFile,
  placeholder,
  rows = 9,
  fileInput,
}: {
  text: string;
  file: File | null;
  onText: (text: string) => void;
  onFile: (file: File | null) => void;
  placeholder: string;
  rows?: number;
  fileInput?: Ref<HTMLInputElement>;
}) {
  const textId = useId();
  return (
    <>
      <div className="mt-4 flex flex-col gap-1">
        <label htmlFor={textId} className="text-sm font-medium text-slate-800">
          Paste CSV
        </label>
        <textarea
          id={textId}
          value={file ? '' : text}
          disabled={file !== null}
          onChange={(event) => onText(event.target.value)}
          rows={rows}
          spellCheck={false}
          placeholder={placeholder}
          className="w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-sm disabled:bg-slate-100"
        />
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
        <label className="cursor-pointer rounded-md border border-dashed border-slate-400 px-3 py-2 text-slate-800 hover:bg-slate-50">
          Or choose a CSV file
          <input ref={fileInput} type="file" accept=".csv,text/csv" className="sr-only" onChange={(event) => onFile(event.target.files?.[0] ?? null)} />
        </label>
        {file && (
          <span className="text-slate-700">
            {file.name} · {Math.max(1, Math.round(file.size / 1024)).toLocaleString('en-US')} KB
          </span>
        )}
      </div>
    </>
  );
}
