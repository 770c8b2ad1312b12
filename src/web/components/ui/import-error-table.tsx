import { Alert } from './alert';

const plural = (count: number, word: string) => `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;

/** A CSV import's problems, each by line and column: nothing is saved until they are fixed (rules and programs imports). */
export function ImportErrorTable({ errors, errorCount }: { errors: Array<{ line: number; column?: string; message: string }>; errorCount: number }) {
  return (
    <div className="flex flex-col gap-2">
      <Alert tone="error" title={`${plural(errorCount, 'problem')} in the file: nothing will be saved until they are fixed.`}>
        Each row names the line of the file, the column and what is wrong.
      </Alert>
      <div className="max-h-80 overflow-auto rounded-lg border border-slate-200">
        <table className="w-full text-left text-sm">
          <thead className="sticky top-0 bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2">Line</th>
              <th scope="col" className="px-3 py-2">Column</th>
              <th scope="col" className="px-3 py-2">What is wrong</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 bg-white">
            {errors.map((error, index) => (
              <tr key={`${error.line}-${index}`}>
                <td className="px-3 py-2 tabular-nums">{error.line}</td>
                <td className="px-3 py-2 font-mono text-xs break-all">{error.column ?? '—'}</td>
                <td className="px-3 py-2">{error.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {errorCount > errors.length && <p className="text-sm text-slate-600">Showing the first {errors.length.toLocaleString('en-US')}.</p>}
    </div>
  );
}
