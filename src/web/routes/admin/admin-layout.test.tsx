// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, reloadAccount, renderWithApp } from '../../../../tests/support/web-render';
import AdminLayout from './admin-layout';

describe('/admin signed out (issue 40)', () => {
  it('offers the staff sign-in only: no student account to create', async () => {
    fakeApi({ 'GET /api/account/session': { body: { account: null } } });
    await reloadAccount();
    renderWithApp(<AdminLayout />, { url: '/admin' });
    expect(await screen.findByRole('heading', { name: 'Admin sign-in' })).toBeInTheDocument();
    expect(screen.getByText('You must be signed in as an admin.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toBeInTheDocument();
    expect(screen.queryByText('Create a student account')).not.toBeInTheDocument();
  });
});
