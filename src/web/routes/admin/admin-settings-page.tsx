import type { AdminUser } from '@shared/schemas/accounts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useAccount } from '../../features/auth/use-account';

async function fetchUsers(q: string): Promise<AdminUser[]> {
  const response = await fetch(`/api/admin/users?${new URLSearchParams(q ? { q } : {})}`, { credentials: 'same-origin' });
  if (response.status === 401) throw new Error('You must be signed in as an admin.');
  if (!response.ok) throw new Error('Unable to load accounts.');
  return ((await response.json()) as { users: AdminUser[] }).users;
}

async function changeRole(userId: string, action: 'grant' | 'revoke'): Promise<AdminUser> {
  const response = await fetch('/api/admin/users/role', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userId, role: 'admin', action }),
  });
  const body = (await response.json().catch(() => ({}))) as { user?: AdminUser; error?: string };
  if (!response.ok || !body.user) throw new Error(body.error ?? 'The role could not be changed. Please try again.');
  return body.user;
}

/** Settings: who holds the admin role. Every grant and removal is written to the audit log on the server. */
export default function AdminSettingsPage() {
  const [q, setQ] = useState('');
  const { data: me } = useAccount();
  const queryClient = useQueryClient();
  const users = useQuery({ queryKey: ['admin-users', q], queryFn: () => fetchUsers(q.trim()) });
  const mutation = useMutation({
    mutationFn: ({ userId, action }: { userId: string; action: 'grant' | 'revoke' }) => changeRole(userId, action),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin-users'] }),
  });

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
                  <Button variant="secondary" disabled={mutation.isPending || user.id === me?.id} onClick={() => mutation.mutate({ userId: user.id, action: 'revoke' })}>
                    Remove admin role
                  </Button>
                ) : (
                  <Button disabled={mutation.isPending} onClick={() => mutation.mutate({ userId: user.id, action: 'grant' })}>
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
