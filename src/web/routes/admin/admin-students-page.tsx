import type { AdminStudent } from '@shared/schemas/admin';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { adminStudentQueries } from '../../features/admin';
import { appealStatusText } from '../../features/appeals';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMediaQuery } from '../../lib/use-media-query';

/** Spec section 5: the larger of 1 and the size in KB, rounded. */
const kilobytes = (size: number | null) => `${Math.max(1, Math.round((size ?? 0) / 1024))} KB`;

/** The student directory (spec section 2): searchable, paginated on the server, a table on wide screens and cards on phones. */
export default function AdminStudentsPage() {
  useDocumentTitle('Student Directory');
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 250);
  const wide = useMediaQuery('(min-width: 1024px)');
  const students = useInfiniteQuery(adminStudentQueries.directory(q));
  const rows = students.data?.pages.flatMap((page) => page.students) ?? [];
  const total = students.data?.pages[0]?.total;

  return (
    <section className="flex flex-col gap-5">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Student Directory</h1>
          <p className="mt-1 text-slate-600" aria-live="polite">
            {students.isPending ? 'Loading…' : `${(total ?? 0).toLocaleString()} ${total === 1 ? 'student' : 'students'}`}
          </p>
        </div>
        <Link to="/admin/appeals" className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
          Manage appeals
        </Link>
      </header>
      <label className="flex max-w-md flex-col gap-1 text-sm font-medium text-slate-800">
        Search students
        <input
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Name, e-mail or school"
          className="rounded-md border border-slate-300 px-3 py-2 text-base font-normal"
        />
      </label>

      {students.isError && <Alert tone="error">{students.error.message}</Alert>}
      {!students.isPending && !students.isError && rows.length === 0 && <p className="text-slate-600">No students found.</p>}
      {rows.length > 0 && (wide ? <StudentTable students={rows} /> : <StudentCards students={rows} />)}
      {students.hasNextPage && (
        <div>
          <Button variant="secondary" disabled={students.isFetchingNextPage} onClick={() => void students.fetchNextPage()}>
            {students.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      )}
    </section>
  );
}

function StudentTable({ students }: { students: AdminStudent[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            {['Student', 'Contact', 'Academics', 'Favorites', 'Transcripts', 'Appeals'].map((column) => (
              <th key={column} scope="col" className="px-3 py-2">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 align-top">
          {students.map((student) => (
            <tr key={student.id}>
              <td className="px-3 py-3">
                <StudentName student={student} />
              </td>
              <td className="px-3 py-3">
                <Contact student={student} />
              </td>
              <td className="px-3 py-3">
                <Academics student={student} />
              </td>
              <td className="px-3 py-3">
                <Favorites student={student} />
              </td>
              <td className="px-3 py-3">
                <Transcripts student={student} />
              </td>
              <td className="px-3 py-3">
                <Appeals student={student} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function StudentCards({ students }: { students: AdminStudent[] }) {
  return (
    <ul className="flex flex-col gap-3">
      {students.map((student) => (
        <li key={student.id} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 text-sm">
          <StudentName student={student} />
          <Contact student={student} />
          <Academics student={student} />
          <div>
            <p className="text-xs font-semibold text-slate-500 uppercase">Favorites</p>
            <Favorites student={student} />
          </div>
          <div>
            <p className="text-xs font-semibold text-slate-500 uppercase">Transcripts</p>
            <Transcripts student={student} />
          </div>
          <div>
            <p className="text-xs font-semibold text-slate-500 uppercase">Appeals</p>
            <Appeals student={student} />
          </div>
        </li>
      ))}
    </ul>
  );
}

function StudentName({ student }: { student: AdminStudent }) {
  return (
    <div className="min-w-0">
      <p className="font-semibold text-slate-900">{student.name || '—'}</p>
      <p className="truncate font-mono text-xs text-slate-500" title={student.id}>
        ID {student.id}
      </p>
    </div>
  );
}

function Contact({ student }: { student: AdminStudent }) {
  return (
    <div className="min-w-0">
      <a href={`mailto:${student.email}`} className="break-all text-brand-700 hover:underline">
        {student.email}
      </a>
      <p className="text-slate-600">From school: {student.profile.currentSchool || '—'}</p>
    </div>
  );
}

function Academics({ student }: { student: AdminStudent }) {
  return (
    <div>
      <p className="text-slate-900">{student.profile.intendedMajor || '—'}</p>
      <p className="text-slate-600">
        {student.profile.targetSchools.length} {student.profile.targetSchools.length === 1 ? 'favorite' : 'favorites'}
      </p>
    </div>
  );
}

function Favorites({ student }: { student: AdminStudent }) {
  if (student.profile.targetSchools.length === 0) return <span className="text-slate-500">—</span>;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Favorites">
      {student.profile.targetSchools.map((school) => (
        <li key={school} className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-900 ring-1 ring-brand-100">
          {school}
        </li>
      ))}
    </ul>
  );
}

function Transcripts({ student }: { student: AdminStudent }) {
  if (student.transcriptCount === 0) return <span className="text-slate-500">No transcripts</span>;
  const more = student.transcriptCount - student.transcripts.length;
  return (
    <ul className="flex flex-col gap-1">
      {student.transcripts.map((transcript) => (
        <li key={transcript.id}>
          {transcript.url ? (
            <a href={transcript.url} className="text-brand-700 hover:underline">
              {transcript.name}
            </a>
          ) : (
            <span>{transcript.name}</span>
          )}{' '}
          <span className="text-slate-500">({kilobytes(transcript.size)})</span>{' '}
          <Link to={`/admin/transcripts/${transcript.id}`} className="text-brand-700 hover:underline" aria-label={`Report of ${transcript.name}`}>
            Report
          </Link>
        </li>
      ))}
      {more > 0 && <li className="text-slate-600">+{more} more</li>}
    </ul>
  );
}

function Appeals({ student }: { student: AdminStudent }) {
  if (student.appealCount === 0) return <span className="text-slate-500">No appeals</span>;
  const more = student.appealCount - student.appeals.length;
  return (
    <ul className="flex flex-col gap-2">
      {student.appeals.map((appeal) => (
        <li key={appeal.id}>
          <p className="font-medium text-slate-900">{appeal.courseName}</p>
          <p className="text-slate-600">
            <span className="capitalize">{appealStatusText(appeal.status)}</span> ·{' '}
            <Link to={`/admin/appeals?highlight=${encodeURIComponent(appeal.id)}`} className="text-brand-700 hover:underline">
              View appeal
            </Link>
          </p>
        </li>
      ))}
      {more > 0 && (
        <li>
          <Link to={`/admin/appeals?status=&q=${encodeURIComponent(student.email)}`} className="text-brand-700 hover:underline">
            +{more} more
          </Link>
        </li>
      )}
    </ul>
  );
}
