// @vitest-environment jsdom
import type { ReferenceSetStatus } from '@shared/schemas/admin';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ReferenceDataPanel } from './reference-data-panel';

afterEach(cleanup);

const set = (overrides: Partial<ReferenceSetStatus>): ReferenceSetStatus => ({
  name: 'catalog-ufl',
  title: 'University of Florida course catalogue',
  rows: 5675,
  unit: 'courses',
  state: 'not-loaded',
  percent: null,
  stored: null,
  message: null,
  ...overrides,
});

describe('ReferenceDataPanel (Admin Hub)', () => {
  it('while loading: how many sets are in, each set’s state, and a progress bar for the one loading', () => {
    render(
      <ReferenceDataPanel
        referenceData={{
          loading: true,
          sets: [
            set({ state: 'loaded', stored: '4,715 courses, 1 school' }),
            set({ name: 'wisconsin-transfer-rules', title: 'Wisconsin transfer rules', state: 'loading', percent: 42 }),
            set({ name: 'programs-ohio-state', title: 'Ohio State programs', state: 'waiting', unit: 'requirements' }),
            set({ name: 'catalog-fiu', title: 'FIU course catalogue', state: 'not-loaded' }),
          ],
        }}
      />,
    );
    // As the server's start says: what is coming, not "not loaded" for a set the load will get to (issue 40).
    expect(screen.getByRole('status')).toHaveTextContent('Loading in the background: 1 of 4 sets loaded so far, 2 to go, one after another.');
    expect(screen.getByText('Waiting its turn')).toBeInTheDocument();
    expect(screen.getByText('4,715 courses, 1 school')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Wisconsin transfer rules loading' })).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByText('Ohio State programs')).toBeInTheDocument();
  });

  it('with nothing loaded, says how a school loads its data', () => {
    render(<ReferenceDataPanel referenceData={{ loading: false, sets: [set({}), set({ name: 'catalog-fiu', state: 'failed', message: '3 rows were refused' })] }} />);
    expect(screen.getByRole('status')).toHaveTextContent('None loaded. Load your state’s data on the server with npm run data:load -- NAME');
    expect(screen.getByText('3 rows were refused')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
