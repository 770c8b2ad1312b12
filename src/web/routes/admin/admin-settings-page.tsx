import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { adminAccountQueries, useChangeRole } from '../../features/admin';
import { useAccount } from '../../features/auth';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Settings: who holds the admin role. Every grant and removal is written to the audit log on the server. */
export default function AdminSettingsPage() {
  useDocumentTitle('Settings');
  const [q, setQ] = useState('');
  const { data: me } = useAccount();
  const users = useQuery(adminAccountQueries.search(q.trim()));
  const mutation = useChangeRole();

  return (
    <section className="flex flex-col gap-5">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Settings</h1>
        <p className="mt-1 text-sm text-slate-600">Admin roles. Staff sign up first; then grant them the admin role here. They set up two-factor sign-in on their first visit.</p>
      </header>
      <label className="flex max-w-md flex-col gap-1 text-sm font-medium text-slate-800">
        Find an account
        <input
          type="search"
          value={q}
          onChange={(event) => setQ(event.target.value)}
          placeholder="Name or e-mail"
          className="rounded-md border border-slate-300 px-3 py-2 text-base font-normal"
        />
      </label>
      {mutation.isError && <Alert tone="error">{mutation.error.message}</Alert>}
      {users.isError && <Alert tone="error">{users.error.message}</Alert>}
      {users.isPending ? (
        <p role="status">Loading…</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {(users.data ?? []).map((user) => {
            const isAdmin = user.roles.includes('admin');
            return (
              <li key={user.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <div className="min-w-0">
                  <p className="truncate font-medium text-slate-900">{user.name || user.email}</p>
                  <p className="truncate text-sm text-slate-600">
                    {user.email} · {user.roles.join(', ') || 'no role'}
                    {isAdmin && !user.twoFactorEnabled && ' · two-factor not set up yet'}
                  </p>
                </div>
                {isAdmin ? (
                  <Button variant="secondary" disabled={mutation.isPending || user.id === me?.id} onClick={() => mutation.mutate({ userId: user.id, role: 'admin', action: 'revoke' })}>
                    Remove admin role
                  </Button>
                ) : (
                  <Button disabled={mutation.isPending} onClick={() => mutation.mutate({ userId: user.id, role: 'admin', action: 'grant' })}>
                    Make admin
                  </Button>
                )}
              </li>
            );
          })}
          {users.data?.length === 0 && <li className="px-4 py-3 text-sm text-slate-600">No accounts match.</li>}
        </ul>
      )}
    </section>
  );
}
