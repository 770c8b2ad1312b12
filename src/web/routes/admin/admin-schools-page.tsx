import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { equivalencyOverviewQueries } from '../../features/equivalencies';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Partner Schools: every school Crosswalk knows, with its catalogue size and equivalency rules in each direction. Read-only. */
export default function AdminSchoolsPage() {
  useDocumentTitle('Partner Schools');
  const [filter, setFilter] = useState('');
  const schools = useQuery(equivalencyOverviewQueries.schools());
  const needle = filter.trim().toLowerCase();
  const shown = (schools.data?.schools ?? []).filter((school) => !needle || school.name.toLowerCase().includes(needle) || school.key.includes(needle));
  return (
    <section className="flex flex-col gap-5">
      <header>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Partner Schools</h1>
        <p className="mt-1 text-slate-600">Schools with equivalency data: how many courses Crosswalk holds for each, and how many rules lead from and to it.</p>
      </header>
      <label className="flex max-w-md flex-col gap-1 text-sm font-medium text-slate-800">
        Filter schools
        <input type="search" value={filter} onChange={(event) => setFilter(event.target.value)} className="rounded-md border border-slate-300 px-3 py-2 text-base font-normal" />
      </label>
      {schools.isPending && <p role="status">Loading…</p>}
      {schools.isError && <Alert tone="error">Unable to load schools.</Alert>}
      {schools.data && shown.length === 0 && <p className="text-slate-600">No schools match.</p>}
      {shown.length > 0 && (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">School</th>
                <th scope="col" className="px-3 py-2 text-right">Courses</th>
                <th scope="col" className="px-3 py-2 text-right">Rules from</th>
                <th scope="col" className="px-3 py-2 text-right">Rules to</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {shown.map((school) => (
                <tr key={school.id}>
                  <td className="px-3 py-2">
                    <p className="font-medium text-slate-900">{school.name}</p>
                    <p className="text-xs text-slate-500">
                      {[school.state, school.kind.replace(/-/g, ' ')].filter(Boolean).join(' · ')}
                    </p>
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{school.courseCount.toLocaleString()}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{school.rulesFrom.toLocaleString()}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{school.rulesTo.toLocaleString()}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
