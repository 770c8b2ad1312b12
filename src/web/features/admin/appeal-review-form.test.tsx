// @vitest-environment jsdom
import type { AdminAppeal } from '@shared/schemas/admin';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, heldAnswer, renderWithApp } from '../../../../tests/support/web-render';
import { AppealReviewForm } from './appeal-review-form';

const appeal: AdminAppeal = {
  id: '7f0c2a9e-1d5b-4c3e-9a6f-2b8d4e1f0a11',
  userId: 'u1',
  courseName: 'Drawing I',
  courseCode: 'ART 1300',
  currentSchool: 'Valencia College',
  targetSchool: 'Florida State University',
  notes: 'Same studio hours.',
  syllabusLink: null,
  syllabusFile: null,
  student: { name: 'Maria', email: 'maria@school.edu', major: 'Art', currentSchool: 'Valencia College' },
  status: 'submitted',
  decision: null,
  studentMessage: null,
  createdRuleId: null,
  createdAt: '2026-11-20T10:00:00Z',
  updatedAt: '2026-11-20T10:00:00Z',
  adminNotes: 'Asked the department.',
  version: 3,
  courseRow: null,
  dueAt: '2026-11-25T23:59:59.999Z',
};

const saved = (changes: Partial<AdminAppeal>) => ({ body: { appeal: { ...appeal, ...changes } } });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('AppealReviewForm', () => {
  it('marks an appeal in review with the notes, the version it was read at and the message, then says so', async () => {
    const update = heldAnswer(saved({ status: 'in_review' }));
    const api = fakeApi({ 'POST /api/admin/appeals/update': update.handler });
    const onNext = vi.fn();
    renderWithApp(<AppealReviewForm appeal={appeal} onNext={onNext} />);
    type('Admin notes', 'Asked the department. Waiting for the syllabus.');
    type('Message to the student (e-mailed with the update)', '  We are looking at it.  ');
    click('Mark in review');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Resolve appeal' })).toBeDisabled());
    await waitFor(() => expect(api.to('POST /api/admin/appeals/update')).toHaveLength(1));
    expect(api.to('POST /api/admin/appeals/update')[0]?.body).toEqual({
      userId: 'u1',
      appealId: appeal.id,
      status: 'in_review',
      adminNotes: 'Asked the department. Waiting for the syllabus.',
      expectedVersion: 3,
      studentMessage: 'We are looking at it.',
    });
    update.release();
    expect(await screen.findByRole('status')).toHaveTextContent('Saved: in review.');
    expect(screen.getByLabelText('Message to the student (e-mailed with the update)')).toHaveValue('');
    click('Next appeal');
    expect(onNext).toHaveBeenCalledOnce();
  });

  it('will not resolve without a decision, because the student is told it', () => {
    const api = fakeApi({});
    renderWithApp(<AppealReviewForm appeal={appeal} />);
    click('Resolve appeal');
    expect(screen.getByRole('alert')).toHaveTextContent('Choose Approved or Denied before resolving: the student is told the decision.');
    expect(api.requests).toHaveLength(0);
  });

  it('checks the rule an approval creates with the update schema, in plain words', () => {
    const api = fakeApi({});
    renderWithApp(<AppealReviewForm appeal={appeal} />);
    fireEvent.click(screen.getByLabelText('approved'));
    fireEvent.click(screen.getByLabelText('Create the equivalency rule this appeal asks for'));
    type('Credits', 'three');
    click('Resolve appeal');
    expect(screen.getByText('Enter the target course subject')).toBeInTheDocument();
    expect(screen.getByText('Enter the target course number')).toBeInTheDocument();
    expect(screen.getByText('Enter the credits as a number, such as 3')).toBeInTheDocument();
    expect(screen.getByLabelText('Target subject')).toHaveAttribute('aria-invalid', 'true');
    expect(api.requests).toHaveLength(0);
  });

  it('resolves an approval with the rule to create', async () => {
    const api = fakeApi({ 'POST /api/admin/appeals/update': saved({ status: 'resolved', decision: 'approved', createdRuleId: 42 }) });
    renderWithApp(<AppealReviewForm appeal={appeal} />);
    fireEvent.click(screen.getByLabelText('approved'));
    // The clerk is told what each choice does to the student's report.
    expect(screen.getByText(/Without a rule the approval is for this student only/)).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Create the equivalency rule this appeal asks for'));
    expect(screen.getByText(/the rule decides it for every student from now on/)).toBeInTheDocument();
    type('Target subject', ' ART ');
    type('Target number', '1300C');
    type('Credits', '3');
    click('Resolve appeal');
    expect(await screen.findByRole('status')).toHaveTextContent('Saved: resolved (approved).');
    expect(api.to('POST /api/admin/appeals/update')[0]?.body).toMatchObject({
      status: 'resolved',
      decision: 'approved',
      createRule: { targetSubject: 'ART', targetNumber: '1300C', credits: 3 },
    });
  });

  it('shows the spec’s failure alert with the server’s reason for a conflict', async () => {
    fakeApi({ 'POST /api/admin/appeals/update': { status: 409, body: { error: 'Someone else changed this appeal. Reload it to see their change.' } } });
    renderWithApp(<AppealReviewForm appeal={appeal} />);
    click('Mark in review');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('There was a problem updating the appeal. Please try again.');
    expect(alert).toHaveTextContent('Someone else changed this appeal. Reload it to see their change.');
  });
});
