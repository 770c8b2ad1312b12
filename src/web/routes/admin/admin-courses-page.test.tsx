// @vitest-environment jsdom
import { ESSENTIAL_IMPORT_COLUMNS, type EquivalencyImportResult } from '@shared/schemas/equivalencies';
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
  titlesFromCatalogue: 0,
  coursesWithoutTitle: 0,
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

  it('the mapping step: headers it does not know are matched by the clerk, checked again and saved with the mapping', async () => {
    const published = 'Course,Course Title,Transfers As,Equivalent Title,Campus,Cr\nENGL 1A,Composition,ENGL 101,College Writing,Coast University,3';
    const headers = ['Course', 'Course Title', 'Transfers As', 'Equivalent Title', 'Campus', 'Cr'];
    const unmapped = result({
      errorCount: 1,
      inserted: 0,
      rules: 0,
      preview: [],
      errors: [{ line: 1, column: 'source_code', message: 'required column "source_code" is missing' }],
      columns: { layout: 'crosswalk', headers, required: [...ESSENTIAL_IMPORT_COLUMNS], mapped: { target_name: 'Equivalent Title' }, unused: ['Course', 'Course Title', 'Transfers As', 'Campus', 'Cr'], missing: ['source_code', 'target_university', 'target_code'] },
    });
    const mapping = { target_name: 'Equivalent Title', source_code: 'Course', source_name: 'Course Title', target_university: 'Campus', target_code: 'Transfers As', credits: 'Cr' };
    const mapped = result({ columns: { layout: 'crosswalk', headers, required: [...ESSENTIAL_IMPORT_COLUMNS], mapped: mapping, unused: [], missing: [] } });
    const api = fakeApi({
      'GET /api/admin/institutions': institutions,
      'POST /api/admin/equivalencies/import': (request) => (!request.url.includes('dryRun=1') ? { body: result({ saved: true, dryRun: false }) } : request.url.includes('mapping=') ? { body: mapped } : { status: 400, body: unmapped }),
    });
    renderWithApp(<AdminCoursesPage />);
    await screen.findByRole('option', { name: 'Valencia College' });
    fireEvent.change(screen.getByLabelText('Source school'), { target: { value: 'valencia' } });
    fireEvent.change(screen.getByLabelText('Paste CSV'), { target: { value: published } });
    fireEvent.click(screen.getByRole('button', { name: 'Parse & Save' }));

    expect(await screen.findByText("Match the file's columns: 3 needed")).toBeInTheDocument();
    expect(screen.getByText(/Not read yet:/).closest('p')).toHaveTextContent('"Course", "Course Title", "Transfers As", "Campus", "Cr"');
    expect(screen.getByLabelText(/Receiving course title/)).toHaveValue('Equivalent Title');
    expect(screen.getByRole('button', { name: 'Confirm and save 0 changes' })).toBeDisabled();
    const again = screen.getByRole('button', { name: 'Check again with these columns' });
    expect(again).toBeDisabled();
    fireEvent.change(screen.getByLabelText(/Sending course code/), { target: { value: 'Course' } });
    fireEvent.change(screen.getByLabelText(/Sending course title/), { target: { value: 'Course Title' } });
    fireEvent.change(screen.getByLabelText(/^Receiving school/), { target: { value: 'Campus' } });
    fireEvent.change(screen.getByLabelText(/Receiving course code/), { target: { value: 'Transfers As' } });
    fireEvent.change(screen.getByLabelText(/Credits awarded/), { target: { value: 'Cr' } });
    fireEvent.click(again);

    expect(await screen.findByText('Columns read from the file')).toBeInTheDocument();
    const [, recheck] = api.to('POST /api/admin/equivalencies/import');
    const sentMapping = new URL(recheck!.url, 'http://x').searchParams.get('mapping');
    expect(JSON.parse(sentMapping ?? '{}')).toEqual(mapping);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and save 1 change' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    const stored = new URL(api.to('POST /api/admin/equivalencies/import')[2]!.url, 'http://x').searchParams;
    expect([stored.get('dryRun'), stored.get('sourceUniversity'), JSON.parse(stored.get('mapping') ?? '{}')]).toEqual([null, 'valencia', mapping]);
  });

  it('names a TES import file, and adds schools the preview calls new only once the clerk ticks the box', async () => {
    const tes = result({
      institutionsCreated: ['Lake Valley College'],
      columns: { layout: 'tes', required: ['source_code', 'target_university', 'target_code'], headers: ['SendCourseCode1', 'ReceiveCourseCode1', 'SendInstitutionName', 'ReceiveInstitutionName'], mapped: { source_code: 'SendCourseCode1', target_code: 'ReceiveCourseCode1', source_university: 'SendInstitutionName', target_university: 'ReceiveInstitutionName' }, unused: [], missing: [] },
    });
    const api = fakeApi({
      'GET /api/admin/institutions': institutions,
      'POST /api/admin/equivalencies/import': (request) => ({ body: request.url.includes('dryRun=1') ? tes : result({ saved: true, dryRun: false, institutionsCreated: ['Lake Valley College'] }) }),
    });
    renderWithApp(<AdminCoursesPage />);
    fireEvent.change(screen.getByLabelText('Paste CSV'), { target: { value: 'SendCourseCode1|ReceiveCourseCode1\nBIO 1|BIOL 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Parse & Save' }));
    expect(await screen.findByText(/Read as a TES import file/)).toBeInTheDocument();
    const confirm = screen.getByRole('button', { name: 'Confirm and save 1 change' });
    expect(confirm).toBeDisabled();
    fireEvent.click(screen.getByLabelText('Yes, add this school when saving'));
    expect(confirm).toBeEnabled();
    fireEvent.click(confirm);
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    const stored = new URL(api.to('POST /api/admin/equivalencies/import')[1]!.url, 'http://x').searchParams;
    expect(JSON.parse(stored.get('newSchools') ?? '[]')).toEqual(['Lake Valley College']);
  });
});
