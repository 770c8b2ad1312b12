// @vitest-environment jsdom
import type { StudentMe } from '@shared/schemas/student';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, heldAnswer, renderWithApp } from '../../../../tests/support/web-render';
import { AppealForm } from './appeal-form';

const me: StudentMe = {
  role: 'student',
  roles: ['student'],
  email: 'maria@school.edu',
  profile: { fullName: 'Maria Lopez', currentSchool: 'Valencia College', intendedMajor: 'Economics', targetSchools: [] },
  favorites: [],
  transcripts: [],
  appeals: [],
  savedSearches: [],
};

const appealAnswer = { body: { appeal: { id: 'a1' } } };
const renderForm = (url = '/student/appeal') => renderWithApp(<AppealForm me={me} accountName="Maria" accountEmail="maria@school.edu" />, { url });
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit appeal' }));

describe('AppealForm', () => {
  it('names each missing field in plain words (spec section 5) and sends nothing', async () => {
    const api = fakeApi({});
    renderForm();
    type('Course name', '   ');
    submit();
    expect(await screen.findByText('Enter the course name')).toBeInTheDocument();
    expect(screen.getByText('Enter the course code')).toBeInTheDocument();
    expect(screen.getByText('Enter the school you are transferring to')).toBeInTheDocument();
    expect(screen.getByText('Tell the school why this course should count')).toBeInTheDocument();
    expect(screen.getByLabelText('Appeal summary')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/courseName|is required/)).not.toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it('refuses a syllabus link that is not a web address', async () => {
    const api = fakeApi({});
    renderForm('/student/appeal?courseName=Macro&courseCode=ECO%202013&targetSchool=FSU&notes=Same%20topics');
    type('Syllabus link', 'www.valencia.edu/syllabus');
    submit();
    expect(await screen.findByText('Enter a web address that starts with http:// or https://, or leave it empty')).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it('starts from the report row’s address and sends the trimmed appeal with the profile’s school and the student', async () => {
    const post = heldAnswer(appealAnswer);
    const api = fakeApi({ 'POST /api/student/submit-appeal': post.handler, 'GET /api/student/me': { body: me } });
    renderForm('/student/appeal?courseName=Principles%20of%20Macroeconomics&courseCode=ECO%202013&targetSchool=Florida%20State%20University');
    expect(screen.getByLabelText('Course code')).toHaveValue('ECO 2013');
    expect(screen.getByLabelText('Student name')).toHaveAttribute('readonly');
    type('Current school', '  ');
    type('Appeal summary', '  The syllabus covers the same chapters.  ');
    submit();
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    expect(api.to('POST /api/student/submit-appeal')[0]?.body).toEqual({
      courseName: 'Principles of Macroeconomics',
      courseCode: 'ECO 2013',
      currentSchool: 'Valencia College',
      targetSchool: 'Florida State University',
      notes: 'The syllabus covers the same chapters.',
      syllabusLink: '',
      syllabusFile: null,
      student: { name: 'Maria Lopez', email: 'maria@school.edu', major: 'Economics', currentSchool: 'Valencia College' },
    });
    post.release();
    expect(await screen.findByRole('status')).toHaveTextContent('Appeal submitted. We’ll email you with updates within 3 business days.');
  });

  it('uploads a chosen syllabus first and sends its reference', async () => {
    const api = fakeApi({
      'POST /api/student/create-upload-url': { body: { uploadUrl: '/api/uploads/syllabi/k1?sig=abc', key: 'syllabi/k1' } },
      'PUT /api/uploads/syllabi/k1': { status: 204 },
      'POST /api/student/submit-appeal': appealAnswer,
      'GET /api/student/me': { body: me },
    });
    renderForm('/student/appeal?courseName=Macro&courseCode=ECO%202013&targetSchool=FSU&notes=Same%20topics');
    const syllabus = new File(['%PDF-1.4'], 'eco2013.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('Syllabus file'), { target: { files: [syllabus] } });
    submit();
    await screen.findByRole('status');
    expect(api.to('POST /api/student/create-upload-url')[0]?.body).toEqual({ filename: 'eco2013.pdf', contentType: 'application/pdf', purpose: 'syllabus' });
    expect(api.to('PUT /api/uploads/syllabi/k1')[0]?.body).toBe(syllabus);
    expect((api.to('POST /api/student/submit-appeal')[0]?.body as { syllabusFile: unknown }).syllabusFile).toEqual({
      key: 'syllabi/k1',
      url: '/api/uploads/syllabi/k1',
      name: 'eco2013.pdf',
      size: syllabus.size,
    });
  });

  it.each([
    ['the upload slot is refused', { 'POST /api/student/create-upload-url': { status: 429, body: { error: 'Too many uploads.' } } }, 'Unable to provision upload slot'],
    ['the session is gone', { 'POST /api/student/submit-appeal': { status: 401, body: { error: 'Please sign in first.' } } }, 'Missing auth token'],
    [
      'the server refuses the appeal',
      { 'POST /api/student/submit-appeal': { status: 400, body: { error: 'notes: notes is required' } } },
      'Unable to submit appeal: Notes is required',
    ],
    [
      'an appeal for the course is already open (409)',
      { 'POST /api/student/submit-appeal': { status: 409, body: { error: 'You already appealed SYG 2010 to University of Florida (submitted). Follow it in your appeal center.' } } },
      'Unable to submit appeal: You already appealed SYG 2010 to University of Florida (submitted). Follow it in your appeal center.',
    ],
    [
      'the syllabus is not a file type the school reads (415, from the upload address)',
      {
        'POST /api/student/create-upload-url': { body: { uploadUrl: '/api/uploads/syllabi/k1', key: 'syllabi/k1' } },
        'PUT /api/uploads/syllabi/k1': { status: 415, body: { error: 'file: This file is not a PDF, DOC, DOCX, PNG or JPEG. Save it as one of those and try again.' } },
      },
      'Unable to submit appeal: This file is not a PDF, DOC, DOCX, PNG or JPEG. Save it as one of those and try again.',
    ],
    ['the server fails', { 'POST /api/student/submit-appeal': { status: 502, body: {} } }, 'Unable to submit appeal. Please try again in a few minutes; your answers are still here.'],
  ])('shows the spec’s failure text when %s', async (_case, routes, text) => {
    fakeApi(routes);
    renderForm('/student/appeal?courseName=Macro&courseCode=ECO%202013&targetSchool=FSU&notes=Same%20topics');
    if ('POST /api/student/create-upload-url' in routes) {
      fireEvent.change(screen.getByLabelText('Syllabus file'), { target: { files: [new File(['x'], 's.pdf', { type: 'application/pdf' })] } });
    }
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: 'Submit appeal' })).toBeEnabled();
  });
});
