import { deleteAccountSchema } from '@shared/schemas/student';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useRefreshAccount } from '../auth';
import { deleteAccount } from './student-api';

/** The word the server asks for before it deletes an account. */
const CONFIRM_WORD = deleteAccountSchema.shape.confirm.value;

/** Download all my data (a JSON file) and delete my account after typing DELETE. */
export function DataControls() {
  const [open, setOpen] = useState(false);
  const form = useSchemaForm({ schema: deleteAccountSchema, initialValues: { confirm: '' } });
  const refreshAccount = useRefreshAccount();
  const navigate = useNavigate();
  const removal = useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      await refreshAccount();
      navigate('/', { replace: true });
    },
  });

  return (
    <div className="flex flex-col gap-4">
      <div>
        <a href="/api/student/export" download className="inline-flex rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50">
          Download all my data
        </a>
        <p className="mt-1 text-xs text-slate-600">Your profile, favorites, saved searches, transcripts' courses and appeals, as a JSON file.</p>
      </div>
      {!open ? (
        <div>
          <Button variant="danger" onClick={() => setOpen(true)}>
            Delete my account
          </Button>
        </div>
      ) : (
        <form className="flex flex-col gap-3 rounded-lg border border-red-200 bg-red-50 p-4" noValidate onSubmit={form.handleSubmit((confirmation) => removal.mutate(confirmation))}>
          <p className="text-sm text-red-900">
            This deletes your account, profile, transcripts and their files, and your appeals. It cannot be undone. Type <strong>{CONFIRM_WORD}</strong> to confirm.
          </p>
          <FormField label={`Type ${CONFIRM_WORD} to confirm`} value={form.values.confirm} onChange={(event) => form.setValue('confirm', event.target.value)} autoComplete="off" />
          <div className="flex gap-2">
            <Button type="submit" variant="danger" disabled={form.values.confirm !== CONFIRM_WORD || removal.isPending}>
              {removal.isPending ? 'Deleting...' : 'Delete my account forever'}
            </Button>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </div>
          {removal.isError && <p role="alert" className="text-sm text-red-700">Unable to delete your account. Please try again.</p>}
        </form>
      )}
    </div>
  );
}
