import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../components/ui/alert';
import { equivalencyOverviewQueries } from '../../features/equivalencies';
import { ProgramsImportCard, ProgramsTable } from '../../features/programs/admin';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Programs & Pathways: the degree programs on file (list, edit, load by CSV) and the transfer pathways with the most equivalency rules. */
export default function AdminProgramsPage() {
  useDocumentTitle('Programs & Pathways');
  const pathways = useQuery(equivalencyOverviewQueries.pathways());
  return (
    <section className="flex flex-col gap-5">
      <header>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Programs &amp; Pathways</h1>
        <p className="mt-1 text-slate-600">The degree programs students check their courses against, and the transfer pathways with the most equivalency rules.</p>
      </header>
      <ProgramsTable />
      <ProgramsImportCard />
      <h2 className="text-lg font-bold text-slate-900">Pathways</h2>
      {pathways.isPending && <p role="status">Loading…</p>}
      {pathways.isError && <Alert tone="error">Unable to load pathways.</Alert>}
      {pathways.data?.pathways.length === 0 && <p className="text-slate-600">No equivalency rules yet. Import some on the Course data page.</p>}
      {!!pathways.data?.pathways.length && (
        <ul className="grid gap-3 md:grid-cols-2">
          {pathways.data.pathways.map((pathway) => (
            <li key={`${pathway.fromId}-${pathway.toId}`} className="rounded-lg border border-slate-200 bg-white p-4">
              <p className="font-semibold text-slate-900">
                {pathway.fromName} → {pathway.toName}
              </p>
              <p className="mt-1 text-sm text-slate-600">
                {pathway.ruleCount.toLocaleString()} rules · {pathway.transferringCount.toLocaleString()} transfer
                {pathway.appealRuleCount > 0 ? ` · ${pathway.appealRuleCount} from approved appeals` : ''}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
