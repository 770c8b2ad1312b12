// @vitest-environment jsdom
import type { ReadRowDto } from '@shared/schemas/transcripts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WhatWeRead } from './what-we-read';

const row = (id: string, subject: string, number: string, extra: Partial<ReadRowDto> = {}): ReadRowDto => ({
  id,
  position: 0,
  subject,
  number,
  title: `${subject} ${number} course`,
  credits: 3,
  grade: 'B',
  term: 'Fall 2024',
  correction: null,
  asRead: null,
  ...extra,
});

const ROWS = [
  row('r1', 'ENC', '1101'),
  row('r2', 'MAC', '2311', { credits: 4, correction: 'edited', asRead: { subject: 'MAC', number: '2311', title: 'Calculus I', credits: 40, grade: 'B', term: 'Fall 2024' } }),
  row('r3', 'TOT', '2024', { correction: 'removed' }),
];

afterEach(cleanup);

describe('WhatWeRead', () => {
  it('sends only the field the student fixed', async () => {
    const onChange = vi.fn().mockResolvedValue(undefined);
    render(<WhatWeRead rows={ROWS} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Fix ENC 1101' }));
    fireEvent.change(screen.getByLabelText('Credits'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save fix' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ kind: 'fix', rowId: 'r1', changes: { credits: 4 } }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save fix' })).not.toBeInTheDocument());
  });

  it('checks a new course with the server’s rules before sending it, then sends it whole', async () => {
    const onChange = vi.fn().mockResolvedValue(undefined);
    render(<WhatWeRead rows={ROWS} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add a course we missed' }));
    fireEvent.change(screen.getByLabelText('Number'), { target: { value: '1010' } });
    fireEvent.change(screen.getByLabelText('Credits'), { target: { value: 'three' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add course' }));
    expect(await screen.findByText('the subject is required')).toBeInTheDocument();
    expect(screen.getByText('Enter the credits as a number, such as 3 or 4.5.')).toBeInTheDocument();
    expect(screen.getByLabelText('Subject')).toHaveAttribute('aria-invalid', 'true');
    expect(onChange).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'bsc' } });
    fireEvent.change(screen.getByLabelText('Credits'), { target: { value: '3,5' } });
    fireEvent.change(screen.getByLabelText('Grade'), { target: { value: 'a-' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add course' }));
    await waitFor(() =>
      expect(onChange).toHaveBeenCalledWith({ kind: 'add', row: { subject: 'BSC', number: '1010', title: '', credits: 3.5, grade: 'A-', term: null } }),
    );
  });

  it('marks the student’s rows, removes and puts back, and shows a refusal', async () => {
    const onChange = vi.fn().mockRejectedValueOnce(new Error('No such course on this transcript.')).mockResolvedValue(undefined);
    render(<WhatWeRead rows={ROWS} onChange={onChange} />);
    const fixed = screen.getByRole('row', { name: 'MAC 2311' });
    expect(within(fixed).getByText('Fixed by you. We read: MAC 2311 Calculus I, 40 credits, B, Fall 2024')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: 'TOT 2024' })).getByText('Removed by you')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Remove ENC 1101' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No such course on this transcript.');
    expect(onChange).toHaveBeenCalledWith({ kind: 'fix', rowId: 'r1', changes: { removed: true } });
    fireEvent.click(screen.getByRole('button', { name: 'Put back TOT 2024' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ kind: 'fix', rowId: 'r3', changes: { removed: false } }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});
