// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SAVED_SEARCHES_STORAGE_KEY } from '@shared/search/saved-searches';
import { describe, expect, it } from 'vitest';
import { currentLocation, fakeApi, heldAnswer, reloadAccount, renderWithApp } from '../../../../tests/support/web-render';
import StudentSearchPage from './student-search-page';

const student = { id: 'u1', email: 'maria@school.edu', name: 'Maria', roles: ['student'], twoFactorEnabled: false };
const topic = () => screen.getByLabelText('Search topic');
const search = () => fireEvent.click(screen.getByRole('button', { name: 'Save search' }));

async function renderAs(account: typeof student | null, routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({ 'GET /api/account/session': { body: { account } }, 'GET /api/student/saved-searches': { body: { savedSearches: [] } }, ...routes });
  await reloadAccount();
  renderWithApp(<StudentSearchPage />, { url: '/student/search' });
  return api;
}

describe('/student/search', () => {
  it('asks for a topic first (spec section 8), before anything else', async () => {
    const api = await renderAs(null);
    fireEvent.change(topic(), { target: { value: '   ' } });
    search();
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a search topic first');
    expect(currentLocation()).toBe('/student/search');
    expect(api.to('POST /api/student/saved-searches')).toHaveLength(0);
  });

  it('sends a signed-out visitor to sign in and back (spec section 5)', async () => {
    await renderAs(null);
    fireEvent.change(topic(), { target: { value: 'Calculus 1 to UF' } });
    search();
    await waitFor(() => expect(currentLocation()).toBe('/student/login?redirect=%2Fstudent%2Fsearch'));
  });

  it('saves the trimmed topic as typed (the server reads it when it runs), shows it is saving, then empties the input', async () => {
    const save = heldAnswer({ status: 201, body: { id: 's1', ts: 1, q: 'Macroeconomics at Valencia College', filters: {} } });
    const api = await renderAs(student, { 'POST /api/student/saved-searches': save.handler });
    fireEvent.change(topic(), { target: { value: '  economics to Florida State University ' } });
    search();
    expect(await screen.findByRole('button', { name: 'Saving…' })).toBeDisabled();
    const body = api.to('POST /api/student/saved-searches')[0]?.body as { q: string; filters: Record<string, unknown> };
    expect(body.q).toBe('economics to Florida State University');
    expect(body.filters).toEqual({});
    save.release();
    const saved = await screen.findByRole('status');
    expect(saved).toHaveTextContent('Saved to your profile');
    expect(saved).toHaveTextContent('“economics to Florida State University” is in your saved searches.');
    // What the button did not do, the answer offers: the topic's results on /search.
    const results = within(saved).getByRole('link', { name: 'See results for “economics to Florida State University”' });
    expect(results.getAttribute('href')).toBe('/search?q=economics+to+Florida+State+University');
    expect(topic()).toHaveValue('');
    // Always kept in this browser too (spec section 4).
    expect(JSON.parse(localStorage.getItem(SAVED_SEARCHES_STORAGE_KEY) ?? '[]')).toHaveLength(1);
  });

  it('says the save failed with the spec’s words', async () => {
    await renderAs(student, { 'POST /api/student/saved-searches': { status: 500, body: { error: 'Something went wrong on our side.' } } });
    fireEvent.change(topic(), { target: { value: 'history' } });
    search();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Unable to save search');
    expect(alert).toHaveTextContent('Please try again in a moment.');
    expect(topic()).toHaveValue('history');
  });
});
