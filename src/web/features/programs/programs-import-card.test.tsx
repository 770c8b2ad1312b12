// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../../tests/support/web-render';
import { ProgramsImportCard } from './programs-import-card';

describe('ProgramsImportCard (issue 40)', () => {
  it('lists the kind values the import takes, for programs and for requirements', () => {
    renderWithApp(<ProgramsImportCard />);
    expect(screen.getByText(/kind \(degree, major, minor, general-education, pre-professional, other; major when empty\)/)).toBeInTheDocument();
    expect(screen.getByText(/kind \(gen_ed, major, prerequisite, elective, minor, other; major when empty\)/)).toBeInTheDocument();
  });
});
