// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, heldAnswer, reloadAccount, renderWithApp } from '../../../../tests/support/web-render';
import AdminSettingsPage from './admin-settings-page';

const me = { id: 'admin-1', email: 'clerk@school.edu', name: 'Clerk', roles: ['admin'], twoFactorEnabled: true };
const users = [
  { ...me, createdAt: '2026-01-01T00:00:00Z' },
  { id: 'u2', email: 'new.staff@school.edu', name: 'New Staff', roles: ['student'], twoFactorEnabled: false, createdAt: '2026-02-01T00:00:00Z' },
];

async function renderPage(routes: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi({ 'GET /api/account/session': { body: { account: me } }, 'GET /api/admin/users': { body: { users } }, ...routes });
  await reloadAccount();
  renderWithApp(<AdminSettingsPage />, { url: '/admin/settings' });
  const row = (name: string) => screen.getByText(name).closest('li') as HTMLElement;
  await screen.findByText('New Staff');
  return { api, row };
}

describe('Settings: admin roles', () => {
  it('grants the admin role with the role-change request, and disables the buttons meanwhile', async () => {
    const change = heldAnswer({ body: { user: { ...users[1], roles: ['student', 'admin'] } } });
    const { api, row } = await renderPage({ 'POST /api/admin/users/role': change.handler });
    fireEvent.click(within(row('New Staff')).getByRole('button', { name: 'Make admin' }));
    await waitFor(() => expect(within(row('New Staff')).getByRole('button', { name: 'Make admin' })).toBeDisabled());
    expect(api.to('POST /api/admin/users/role')[0]?.body).toEqual({ userId: 'u2', role: 'admin', action: 'grant' });
    change.release();
    await waitFor(() => expect(api.to('GET /api/admin/users').length).toBeGreaterThan(1));
  });

  it('does not let an admin remove their own role', async () => {
    const { row } = await renderPage({});
    expect(within(row('Clerk')).getByRole('button', { name: 'Remove admin role' })).toBeDisabled();
  });

  it('shows why the server refused', async () => {
    const { row } = await renderPage({ 'POST /api/admin/users/role': { status: 404, body: { error: 'userId: no account has this id.' } } });
    fireEvent.click(within(row('New Staff')).getByRole('button', { name: 'Make admin' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^No account has this id\.$/);
  });

  it('asks to try again when the change failed on the server', async () => {
    const { row } = await renderPage({ 'POST /api/admin/users/role': { status: 500, body: { error: 'Something went wrong on our side. Please try again.' } } });
    fireEvent.click(within(row('New Staff')).getByRole('button', { name: 'Make admin' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The role could not be changed. Please try again.');
  });

  it('searches the accounts as typed', async () => {
    const { api } = await renderPage({});
    fireEvent.change(screen.getByLabelText('Find an account'), { target: { value: ' staff ' } });
    await waitFor(() => expect(api.to('GET /api/admin/users').some((request) => request.url === '/api/admin/users?q=staff')).toBe(true));
  });
});
