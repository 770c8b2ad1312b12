// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, heldAnswer, renderWithApp } from '../../../../tests/support/web-render';
import { FavoritesSection } from './favorites-section';

const favorites = [
  { id: 'f1', school: 'Florida State University' },
  { id: 'f2', school: 'University of Miami' },
];

describe('FavoritesSection', () => {
  it('keeps Add off until a school is typed', () => {
    fakeApi({});
    renderWithApp(<FavoritesSection favorites={[]} />);
    expect(screen.getByRole('button', { name: 'Add' })).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Add favorite universities'), { target: { value: '   ' } });
    expect(screen.getByRole('button', { name: 'Add' })).toBeDisabled();
    expect(screen.getByText('No favorites yet.')).toBeInTheDocument();
  });

  it('sends the typed list trimmed, shows it is adding, and empties the field afterwards', async () => {
    const post = heldAnswer({ status: 201, body: { favorites: [] } });
    const api = fakeApi({ 'POST /api/student/favorites': post.handler, 'GET /api/student/me': { body: {} } });
    renderWithApp(<FavoritesSection favorites={favorites} />);
    fireEvent.change(screen.getByLabelText('Add favorite universities'), { target: { value: '  UCF, FIU  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('button', { name: 'Adding...' })).toBeDisabled();
    expect(api.to('POST /api/student/favorites')[0]?.body).toEqual({ schools: 'UCF, FIU' });
    post.release();
    await waitFor(() => expect(screen.getByLabelText('Add favorite universities')).toHaveValue(''));
  });

  it('shows the server’s refusal without naming its field', async () => {
    fakeApi({ 'POST /api/student/favorites': { status: 400, body: { error: 'schools: you can keep at most 50 favorites.' } } });
    renderWithApp(<FavoritesSection favorites={favorites} />);
    fireEvent.change(screen.getByLabelText('Add favorite universities'), { target: { value: 'UCF' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^You can keep at most 50 favorites\.$/);
  });

  it('removes one school by its id, and says so when that fails', async () => {
    const api = fakeApi({ 'DELETE /api/student/favorites/f2': { status: 500, body: { error: 'Something went wrong on our side.' } } });
    renderWithApp(<FavoritesSection favorites={favorites} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove University of Miami' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to remove that school. Please try again.');
    expect(api.to('DELETE /api/student/favorites/f2')).toHaveLength(1);
  });
});
