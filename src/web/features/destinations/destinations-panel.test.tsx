// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DestinationsResponse, RankedDestination } from '@shared/schemas/destinations';
import { VERDICT_CLASSES } from '@shared/schemas/verdict-class';
import { currentLocation, fakeApi, renderWithApp, type RecordedRequest } from '../../../../tests/support/web-render';
import { DestinationsPanel } from './destinations-panel';

const byClass = (credits: Partial<RankedDestination['byClass']>) => ({ ...Object.fromEntries(VERDICT_CLASSES.map((verdictClass) => [verdictClass, 0])), ...credits }) as RankedDestination['byClass'];

const school = (id: number, name: string, extra: Partial<RankedDestination>): RankedDestination => ({
  school: { id, key: `s${id}`, name },
  state: 'FL',
  control: 'public',
  level: 'four-year',
  favorite: false,
  transferCredits: 0,
  byClass: byClass({}),
  decidedCourses: 1,
  courses: 8,
  ...extra,
});

const ALL: RankedDestination[] = [
  school(1, 'University of Central Florida', { transferCredits: 24, byClass: byClass({ 'specific-course': 21, elective: 3, 'no-credit': 3 }), decidedCourses: 7 }),
  school(2, 'Florida State University', { transferCredits: 21, byClass: byClass({ 'specific-course': 21 }), decidedCourses: 7, program: { name: 'Economics BS', appliedCredits: 12, remainingCredits: 108 } }),
  school(3, 'Valencia Sister College', { level: 'two-year', transferCredits: 18, byClass: byClass({ 'specific-course': 18 }) }),
  school(4, 'Emory University', { state: 'GA', control: 'private', transferCredits: 3, byClass: byClass({ 'specific-course': 3, 'needs-review': 21 }) }),
  ...Array.from({ length: 3 }, (_, index) => school(10 + index, `Other College ${index + 1}`, { transferCredits: 1, byClass: byClass({ elective: 1 }) })),
];

/** The server's answer for the filters asked (only state, control and level matter here). */
function answer(request: RecordedRequest) {
  const query = new URL(request.url, 'http://localhost').searchParams;
  const destinations = ALL.filter(
    (entry) => (!query.get('state') || entry.state === query.get('state')) && (!query.get('control') || entry.control === query.get('control')) && (!query.get('level') || entry.level === query.get('level')),
  );
  const body: DestinationsResponse = {
    transcript: { id: 't1', name: 'valencia.pdf', fromSchool: 'Valencia College' },
    major: 'Economics',
    destinations,
    notEnoughInformation: [{ school: { id: 99, key: 'x', name: 'Catalogue Only College' }, state: 'GA', control: 'private', level: 'four-year', favorite: false, courses: 8 }],
    note: null,
  };
  return { body };
}

const renderPanel = (signedIn = true) => {
  const api = fakeApi({ 'GET /api/transcripts/t1/destinations': answer });
  renderWithApp(<DestinationsPanel transcriptId="t1" token={signedIn ? null : 'visitor-token'} signedIn={signedIn} />);
  return api;
};
// getByRole walks the accessibility tree: slow in jsdom on a busy machine.
const SLOW = 20_000;
const rankedList = () => screen.findByRole('list', { name: 'Schools ranked by the credits that transfer' });

describe('DestinationsPanel', () => {
  it('shows the best five first with their credits by class, the program part, and the schools with not enough information apart', async () => {
    renderPanel();
    const list = await rankedList();
    const cards = within(list).getAllByRole('listitem', { name: /^\d+\. / });
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual([
      '1. University of Central Florida',
      '2. Florida State University',
      '3. Valencia Sister College',
      '4. Emory University',
      '5. Other College 1',
    ]);
    expect(within(cards[0]!).getByRole('img', { name: 'Credits at University of Central Florida: 21 Transfers fully, 3 Elective credit, 3 No credit' })).toBeInTheDocument();
    expect(within(cards[0]!).getByText('7 of 8 courses have a rule or guarantee here.')).toBeInTheDocument();
    expect(within(cards[1]!).getByText(/12 credits count toward it, about 108 to go/)).toBeInTheDocument();
    expect(screen.getByText(/Not enough information: 1 school/)).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Schools with not enough information' })).getByText('Catalogue Only College')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show all 7 schools' }));
    expect(within(list).getAllByRole('listitem', { name: /^\d+\. / })).toHaveLength(7);
  }, SLOW);

  it('asks the server again with the filters chosen', async () => {
    const api = renderPanel();
    await rankedList();
    fireEvent.change(screen.getByLabelText('Public or private'), { target: { value: 'public' } });
    fireEvent.change(screen.getByLabelText('Two- or four-year'), { target: { value: 'four-year' } });
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Schools ranked by the credits that transfer' })).queryByText(/Valencia Sister College/)).toBeNull(), { timeout: 10_000 });
    expect(api.requests.map((request) => request.url)).toContain('/api/transcripts/t1/destinations?control=public&level=four-year');
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'GA' } });
    fireEvent.click(screen.getByLabelText('Only my favorites'));
    await waitFor(() => expect(api.requests.at(-1)?.url).toBe('/api/transcripts/t1/destinations?state=GA&control=public&level=four-year&favorites=1'), { timeout: 10_000 });
  }, SLOW);

  it('shows a table, and two schools picked open Compare', async () => {
    renderPanel();
    await rankedList();
    fireEvent.click(screen.getByRole('button', { name: 'Table' }));
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(ALL.length + 1);
    expect(screen.getByText('Pick two schools to compare them.')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Compare University of Central Florida'));
    fireEvent.click(screen.getByLabelText('Compare Florida State University'));
    fireEvent.click(screen.getByRole('link', { name: 'Compare these two' }));
    expect(currentLocation()).toBe('/student/profile?compareA=University+of+Central+Florida&compareB=Florida+State+University');
  }, SLOW);

  it('sends a visitor’s token, offers no favorites filter, and sends a visitor to sign in before Compare', async () => {
    const api = renderPanel(false);
    await rankedList();
    expect(api.requests[0]?.headers['x-transcript-token']).toBe('visitor-token');
    expect(screen.queryByLabelText('Only my favorites')).toBeNull();
    fireEvent.click(screen.getByLabelText('Compare University of Central Florida'));
    fireEvent.click(screen.getByLabelText('Compare Emory University'));
    fireEvent.click(screen.getByRole('link', { name: 'Compare these two' }));
    expect(currentLocation()).toMatch(/^\/student\/login\?redirect=%2Fstudent%2Fprofile%3FcompareA%3D/);
  }, SLOW);
});
