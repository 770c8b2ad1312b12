// @vitest-environment jsdom
import type { EquivalencyImportResult } from '@shared/schemas/equivalencies';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, heldAnswer, renderWithApp } from '../../../../tests/support/web-render';
import AdminCoursesPage from './admin-courses-page';

const CSV = 'source_code,source_name,target_university,target_code,target_name,credits\nAST 1002,Solar System,University of Florida,AST 1002,Solar System,3';
const result = (overrides: Partial<EquivalencyImportResult>): EquivalencyImportResult => ({
  saved: false,
  dryRun: true,
  rows: 1,
  rules: 1,
  inserted: 1,
  updated: 0,
  unchanged: 0,
  institutionsCreated: [],
  errors: [],
  errorCount: 0,
  preview: [{ line: 2, action: 'insert', sourceUniversity: 'Valencia College', source: 'AST 1002 Solar System', targetUniversity: 'University of Florida', target: 'AST 1002 Solar System', credits: '3', transfers: true }],
  ms: 5,
  ...overrides,
});

const institutions = { body: { institutions: [{ id: 3, key: 'valencia', name: 'Valencia College', aliases: [], state: 'FL', control: 'public', kind: 'college', calendar: 'semester', floridaStatewideNumbering: true, website: null, courseCount: 0, ruleCount: 0 }] } };

describe('Course Data Upload', () => {
  it('keeps Parse & Save off until a CSV is pasted or chosen', async () => {
    fakeApi({ 'GET /api/admin/institutions': institutions });
    renderWithApp(<AdminCoursesPage />);
    expect(screen.getByRole('button', { name: 'Parse & Save' })).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Paste CSV'), { target: { value: '  ' } });
    expect(screen.getByRole('button', { name: 'Parse & Save' })).toBeDisabled();
  });

  it('checks the pasted CSV without saving, shows the preview, and stores it only when confirmed', async () => {
    const check = heldAnswer({ body: result({}) });
    const api = fakeApi({
      'GET /api/admin/institutions': institutions,
      'POST /api/admin/equivalencies/import': (request) => (request.url.includes('dryRun=1') ? check.handler() : { body: result({ saved: true, dryRun: false }) }),
    });
    renderWithApp(<AdminCoursesPage />);
    await screen.findByRole('option', { name: 'Valencia College' });
    fireEvent.change(screen.getByLabelText('Source school'), { target: { value: 'valencia' } });
    fireEvent.change(screen.getByLabelText('Paste CSV'), { target: { value: CSV } });
    fireEvent.click(screen.getByRole('button', { name: 'Parse & Save' }));
    expect(await screen.findByRole('button', { name: 'Checking…' })).toBeDisabled();
    check.release();
    expect(await screen.findByRole('heading', { name: 'Check before saving' })).toBeInTheDocument();
    expect(screen.getAllByText('AST 1002 Solar System', { selector: 'td' })).toHaveLength(2);
    const [dryRun] = api.to('POST /api/admin/equivalencies/import');
    expect(dryRun).toMatchObject({ url: '/api/admin/equivalencies/import?dryRun=1&sourceUniversity=valencia', body: CSV, headers: { 'content-type': 'text/csv' } });

    fireEvent.click(screen.getByRole('button', { name: 'Confirm and save 1 change' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(api.to('POST /api/admin/equivalencies/import')[1]?.url).toBe('/api/admin/equivalencies/import?sourceUniversity=valencia');
  });

  it('lists each row’s problem and offers no save while the file has errors', async () => {
    fakeApi({
      'GET /api/admin/institutions': institutions,
      'POST /api/admin/equivalencies/import': { status: 400, body: result({ errorCount: 1, errors: [{ line: 2, column: 'credits', message: 'Enter the credits as a number, such as 3.' }] }) },
    });
    renderWithApp(<AdminCoursesPage />);
    fireEvent.change(screen.getByLabelText('Paste CSV'), { target: { value: CSV } });
    fireEvent.click(screen.getByRole('button', { name: 'Parse & Save' }));
    expect(await screen.findByText('1 problem in the file: nothing will be saved until they are fixed.')).toBeInTheDocument();
    expect(screen.getByText('Enter the credits as a number, such as 3.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm and save 1 change' })).toBeDisabled();
  });

  it('shows a failed upload in words, and Clear empties the form', async () => {
    fakeApi({ 'GET /api/admin/institutions': institutions, 'POST /api/admin/equivalencies/import': { status: 413, body: { error: 'The request is too large.' } } });
    renderWithApp(<AdminCoursesPage />);
    fireEvent.change(screen.getByLabelText('Paste CSV'), { target: { value: CSV } });
    fireEvent.click(screen.getByRole('button', { name: 'Parse & Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The request is too large.');
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Paste CSV')).toHaveValue('');
  });
});
