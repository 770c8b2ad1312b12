// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentLocation, fakeApi, heldAnswer, renderWithApp } from '../../../../tests/support/web-render';
import { DataControls } from './data-controls';

function openDeletion() {
  fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
  return screen.getByRole('button', { name: 'Delete my account forever' });
}

describe('DataControls', () => {
  it('deletes nothing until DELETE is typed exactly', () => {
    const api = fakeApi({});
    renderWithApp(<DataControls />, { url: '/student/profile' });
    const forever = openDeletion();
    expect(forever).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Type DELETE to confirm'), { target: { value: 'delete' } });
    expect(forever).toBeDisabled();
    fireEvent.click(forever);
    expect(api.requests).toHaveLength(0);
  });

  it('sends the confirmation, shows it is deleting, then signs out to the home page', async () => {
    const removal = heldAnswer({ status: 204 });
    const api = fakeApi({ 'DELETE /api/student/account': removal.handler, 'GET /api/account/session': { body: { account: null } } });
    renderWithApp(<DataControls />, { url: '/student/profile' });
    const forever = openDeletion();
    fireEvent.change(screen.getByLabelText('Type DELETE to confirm'), { target: { value: 'DELETE' } });
    fireEvent.click(forever);
    expect(await screen.findByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(api.to('DELETE /api/student/account')[0]?.body).toEqual({ confirm: 'DELETE' });
    removal.release();
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(api.to('GET /api/account/session')).toHaveLength(1);
  });

  it('says so when the account could not be deleted', async () => {
    fakeApi({ 'DELETE /api/student/account': { status: 500, body: { error: 'Something went wrong on our side.' } } });
    renderWithApp(<DataControls />, { url: '/student/profile' });
    const forever = openDeletion();
    fireEvent.change(screen.getByLabelText('Type DELETE to confirm'), { target: { value: 'DELETE' } });
    fireEvent.click(forever);
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to delete your account. Please try again.');
    expect(currentLocation()).toBe('/student/profile');
  });
});
