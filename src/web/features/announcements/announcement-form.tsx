import { announcementInputSchema } from '@shared/schemas/admin';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { FormField, TextAreaField } from '../../components/ui/form-field';
import { useSchemaForm } from '../../lib/use-schema-form';
import { usePostAnnouncement } from './announcement-queries';

const EMPTY = { title: '', body: '' };

/** Posts a notice for every student (audited on the server); the announcement schema's own words say what is missing. */
export function AnnouncementForm() {
  const form = useSchemaForm({ schema: announcementInputSchema, initialValues: EMPTY });
  const post = usePostAnnouncement();
  const submit = form.handleSubmit(({ title, body }) => post.mutate({ title, body }, { onSuccess: () => form.setValues(EMPTY) }));
  return (
    <form onSubmit={submit} noValidate className="flex max-w-2xl flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="text-lg font-bold text-slate-900">New announcement</h2>
      <FormField label="Title" {...form.textField('title')} required maxLength={200} />
      <TextAreaField label="Text" {...form.textField('body')} required maxLength={5000} rows={4} />
      {post.isError && <Alert tone="error">{post.error.message}</Alert>}
      <div>
        <Button type="submit" disabled={post.isPending}>
          {post.isPending ? 'Posting…' : 'Post announcement'}
        </Button>
      </div>
    </form>
  );
}
