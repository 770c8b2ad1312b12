import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { AnnouncementForm, announcementQueries, useDeleteAnnouncement } from '../../features/announcements';
import { useDocumentTitle } from '../../lib/use-document-title';
import { formatDateTime } from '../../lib/format-date';

/** Announcements: post a notice for students, see what is posted, delete one. Posting and deleting are audited. */
export default function AdminAnnouncementsPage() {
  useDocumentTitle('Announcements');
  const list = useQuery(announcementQueries.posted());
  const remove = useDeleteAnnouncement();

  return (
    <section className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Announcements</h1>
        <p className="mt-1 text-slate-600">Deadlines, new partner schools, policy changes: notices for every student.</p>
      </header>
      <AnnouncementForm />
      <section aria-labelledby="posted-heading" className="flex flex-col gap-3">
        <h2 id="posted-heading" className="text-lg font-bold text-slate-900">
          Posted
        </h2>
        {list.isPending && <p role="status">Loading…</p>}
        {list.isError && <Alert tone="error">Unable to load announcements.</Alert>}
        {remove.isError && <Alert tone="error">{remove.error.message}</Alert>}
        {list.data?.length === 0 && <p className="text-slate-600">No announcements yet.</p>}
        <ul className="flex flex-col gap-3">
          {list.data?.map((item) => (
            <li key={item.id} className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">{item.title}</p>
                <p className="whitespace-pre-line text-slate-700">{item.body}</p>
                <p className="mt-1 text-xs text-slate-500">
                  {formatDateTime(item.createdAt)}
                  {item.authorName ? ` · ${item.authorName}` : ''}
                </p>
              </div>
              <Button variant="secondary" disabled={remove.isPending} onClick={() => remove.mutate(item.id)} aria-label={`Delete ${item.title}`}>
                Delete
              </Button>
            </li>
          ))}
        </ul>
      </section>
    </section>
  );
}
