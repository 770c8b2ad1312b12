import type { InstitutionRecord } from '@shared/schemas/equivalencies';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { institutionQueries, SCHOOL_KIND_LABELS, SchoolForm } from '../../features/equivalencies';
import { useDocumentTitle } from '../../lib/use-document-title';

const count = (value: number, word: string) => `${value.toLocaleString('en-US')} ${word}${value === 1 ? '' : 's'}`;

/** Universities Management: every school, its aliases and settings; adding and editing are audited on the server. */
export default function AdminUniversitiesPage() {
  useDocumentTitle('Universities Management');
  const [q, setQ] = useState('');
  const [editing, setEditing] = useState<InstitutionRecord | 'new' | null>(null);
  const schools = useQuery(institutionQueries.search(q.trim()));

  return (
    <section className="flex flex-col gap-5">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Universities Management</h1>
          <p className="mt-1 text-sm text-slate-600">Schools, the names they go by, and how their courses are numbered.</p>
        </div>
        {editing === null && <Button onClick={() => setEditing('new')}>Add a school</Button>}
      </header>

      {editing !== null && (
        <SchoolForm key={editing === 'new' ? 'new' : editing.id} school={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
      )}

      <label className="flex max-w-md flex-col gap-1 text-sm font-medium text-slate-800">
        Find a school
        <input type="search" value={q} onChange={(event) => setQ(event.target.value)} placeholder="Name, key or alias" className="rounded-md border border-slate-300 px-3 py-2 text-base font-normal" />
      </label>
      {schools.isError && <Alert tone="error">{schools.error.message}</Alert>}
      {schools.isPending ? (
        <p role="status">Loading…</p>
      ) : (
        <>
          <p className="text-sm text-slate-600">{schools.data?.length === 1 ? '1 school' : `${schools.data?.length ?? 0} schools`}</p>
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {(schools.data ?? []).map((school) => (
              <li key={school.id} className="flex flex-wrap items-start justify-between gap-3 px-4 py-3">
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-slate-900">
                    {school.name} <span className="font-mono text-xs text-slate-500">{school.key}</span>
                  </p>
                  <p className="text-sm text-slate-600">
                    {[school.state, school.control === 'private' ? 'Private' : 'Public', SCHOOL_KIND_LABELS[school.kind], school.calendar === 'quarter' ? 'Quarters' : 'Semesters', school.floridaStatewideNumbering ? 'Florida statewide numbering' : null]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                  <p className="text-sm text-slate-600">
                    {count(school.courseCount, 'course')} · {count(school.ruleCount, 'rule')}
                  </p>
                  {school.aliases.length > 0 && <p className="mt-1 truncate text-xs text-slate-500">Also: {school.aliases.join(', ')}</p>}
                </div>
                <Button variant="secondary" onClick={() => setEditing(school)} aria-label={`Edit ${school.name}`}>
                  Edit
                </Button>
              </li>
            ))}
            {schools.data?.length === 0 && <li className="px-4 py-3 text-sm text-slate-600">No schools match.</li>}
          </ul>
        </>
      )}
    </section>
  );
}
