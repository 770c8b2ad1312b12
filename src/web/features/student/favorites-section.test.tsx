// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { schoolSearch } from '../../../../tests/support/fake-schools';
import { fakeApi, heldAnswer, renderWithApp } from '../../../../tests/support/web-render';
import { FavoritesSection } from './favorites-section';

const favorites = [
  { id: 'f1', school: 'Florida State University' },
  { id: 'f2', school: 'University of Miami' },
];

const addField = () => screen.getByLabelText('Add favorite universities');

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
    const api = fakeApi({ 'POST /api/student/favorites': post.handler, 'GET /api/student/me': { body: {} }, 'GET /api/schools': schoolSearch });
    renderWithApp(<FavoritesSection favorites={favorites} />);
    fireEvent.change(screen.getByLabelText('Add favorite universities'), { target: { value: '  UCF, FIU  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('button', { name: 'Adding...' })).toBeDisabled();
    // Both are schools we know (by their aliases): added without asking.
    expect(api.to('POST /api/student/favorites')[0]?.body).toEqual({ schools: 'UCF, FIU' });
    post.release();
    await waitFor(() => expect(screen.getByLabelText('Add favorite universities')).toHaveValue(''));
  });

  it('shows the server’s refusal without naming its field', async () => {
    fakeApi({ 'POST /api/student/favorites': { status: 400, body: { error: 'schools: you can keep at most 50 favorites.' } }, 'GET /api/schools': schoolSearch });
    renderWithApp(<FavoritesSection favorites={favorites} />);
    fireEvent.change(screen.getByLabelText('Add favorite universities'), { target: { value: 'UCF' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^You can keep at most 50 favorites\.$/);
  });

  it('offers the schools we know as the student types, and a picked one completes the name being typed', async () => {
    fakeApi({ 'GET /api/schools': schoolSearch });
    renderWithApp(<FavoritesSection favorites={favorites} />);
    fireEvent.change(addField(), { target: { value: 'UCF, flor' } });
    const offered = await screen.findAllByRole('option', {}, { timeout: 5000 });
    // Florida State University is a favorite already: not offered again.
    expect(offered.map((option) => option.firstElementChild?.textContent)).toEqual(['University of Central Florida', 'Florida International University']);
    fireEvent.click(screen.getByRole('option', { name: /Florida International University/ }));
    expect(addField()).toHaveValue('UCF, Florida International University, ');
    expect(addField()).toHaveFocus();
  });

  it('adds a school we do not know only when the student says so', async () => {
    const api = fakeApi({ 'GET /api/schools': schoolSearch, 'POST /api/student/favorites': { status: 201, body: { favorites: [] } }, 'GET /api/student/me': { body: {} } });
    renderWithApp(<FavoritesSection favorites={favorites} />);
    fireEvent.change(addField(), { target: { value: 'FSU, Univ of Centrl Florida' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('We don’t know “Univ of Centrl Florida” yet.');
    expect(api.to('POST /api/student/favorites')).toHaveLength(0);

    fireEvent.click(within(notice).getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(addField()).toHaveFocus();

    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add “Univ of Centrl Florida” as a new school' }));
    await waitFor(() => expect(api.to('POST /api/student/favorites')).toHaveLength(1));
    expect(api.to('POST /api/student/favorites')[0]?.body).toEqual({ schools: 'FSU, Univ of Centrl Florida' });
    await waitFor(() => expect(addField()).toHaveValue(''));
  });

  it('removes one school by its id, and says so when that fails', async () => {
    const api = fakeApi({ 'DELETE /api/student/favorites/f2': { status: 500, body: { error: 'Something went wrong on our side.' } } });
    renderWithApp(<FavoritesSection favorites={favorites} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove University of Miami' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to remove that school. Please try again.');
    expect(api.to('DELETE /api/student/favorites/f2')).toHaveLength(1);
  });
});
