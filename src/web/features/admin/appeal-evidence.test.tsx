// @vitest-environment jsdom
import type { AdminAppeal, AppealEvidence } from '@shared/schemas/admin';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../../tests/support/web-render';
import { AppealEvidencePanel } from './appeal-evidence';

const appeal: AdminAppeal = {
  id: '00000000-0000-4000-8000-000000000001',
  userId: 'u1',
  courseName: 'Social Problems',
  courseCode: 'SYG 2010',
  currentSchool: 'Valencia College',
  targetSchool: 'University of Florida',
  notes: 'Same topics.',
  syllabusLink: 'https://valencia.example.edu/syg2010.pdf',
  syllabusFile: null,
  student: { name: 'Maria Lopez', email: 'maria@school.edu', major: '', currentSchool: 'Valencia College' },
  status: 'submitted',
  decision: null,
  studentMessage: null,
  createdRuleId: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  adminNotes: '',
  version: 1,
  dueAt: '2026-11-25T23:59:59.999Z',
  courseRow: null,
};

const evidence: AppealEvidence = {
  row: {
    subject: 'SYG',
    number: '2010',
    title: 'Social Problems',
    grade: 'D',
    term: 'Fall 2025',
    credits: 3,
    status: 'NO_TRANSFER',
    verdictClass: 'does-not-transfer',
    reason: 'Needs at least a C',
    transfersTo: null,
    ruleId: 812,
    suggestions: [],
    matchedByCode: false,
  },
  correction: { changes: [{ what: 'Grade', from: 'D', to: 'C' }], note: 'The registrar changed my grade after a regrade.', correctedAt: '2026-11-21T09:00:00.000Z' },
  transcript: null,
};

describe('the evidence beside the decision', () => {
  it('shows the row as the report decided it, the rule it used, and the student’s own correction in plain words', () => {
    renderWithApp(<AppealEvidencePanel appeal={appeal} evidence={evidence} />);
    expect(screen.getByText('No Transfer')).toBeInTheDocument();
    expect(screen.getByText('Needs at least a C')).toBeInTheDocument();
    expect(screen.getByText('#812', { exact: false })).toBeInTheDocument();
    expect(screen.getByText(/The student corrected this row on/)).toBeInTheDocument();
    expect(screen.getByText('Grade: D → C')).toBeInTheDocument();
    expect(screen.getByText('The registrar changed my grade after a regrade.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://valencia.example.edu/syg2010.pdf' })).toBeInTheDocument();
  });

  it('says so when no transcript lists the course', () => {
    renderWithApp(<AppealEvidencePanel appeal={appeal} evidence={{ row: null, correction: null, transcript: null }} />);
    expect(screen.getByText(/none of the student's analysed transcripts lists SYG 2010/)).toBeInTheDocument();
  });
});
