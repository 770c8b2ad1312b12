import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { deleteAnnouncement, fetchAnnouncements, postAnnouncement } from '../../features/admin/admin-api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { formatDateTime } from '../../lib/format-date';

/** Announcements: post a notice for students, see what is posted, delete one. Posting and deleting are audited. */
export default function AdminAnnouncementsPage() {
  useDocumentTitle('Announcements');
  const queryClient = useQueryClient();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const list = useQuery({ queryKey: ['admin', 'announcements'], queryFn: fetchAnnouncements });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'announcements'] });
  const post = useMutation({
    mutationFn: postAnnouncement,
    onSuccess: () => {
      setTitle('');
      setBody('');
      void refresh();
    },
  });
  const remove = useMutation({ mutationFn: deleteAnnouncement, onSuccess: () => void refresh() });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    post.mutate({ title, body });
  };
  const field = 'rounded-md border border-slate-300 px-3 py-2 text-base font-normal';

  return (
    <section className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Announcements</h1>
        <p className="mt-1 text-slate-600">Deadlines, new partner schools, policy changes: notices for every student.</p>
      </header>
      <form onSubmit={submit} className="flex max-w-2xl flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 className="text-lg font-bold text-slate-900">New announcement</h2>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          Title
          <input value={title} onChange={(event) => setTitle(event.target.value)} required maxLength={200} className={field} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          Text
          <textarea value={body} onChange={(event) => setBody(event.target.value)} required maxLength={5000} rows={4} className={field} />
        </label>
        {post.isError && <Alert tone="error">{post.error.message}</Alert>}
        <div>
          <Button type="submit" disabled={post.isPending}>
            {post.isPending ? 'Posting…' : 'Post announcement'}
          </Button>
        </div>
      </form>
      <section aria-labelledby="posted-heading" className="flex flex-col gap-3">
        <h2 id="posted-heading" className="text-lg font-bold text-slate-900">
          Posted
        </h2>
        {list.isPending && <p role="status">Loading…</p>}
        {list.isError && <Alert tone="error">Unable to load announcements.</Alert>}
        {remove.isError && <Alert tone="error">{remove.error.message}</Alert>}
        {list.data?.announcements.length === 0 && <p className="text-slate-600">No announcements yet.</p>}
        <ul className="flex flex-col gap-3">
          {list.data?.announcements.map((item) => (
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
