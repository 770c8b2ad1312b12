// @vitest-environment jsdom
import type { TranscriptCalendarDto } from '@shared/schemas/transcripts';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CreditCalendarNotice } from './credit-calendar';

const ask: TranscriptCalendarDto = { value: null, source: null, evidence: null, askStudent: true, destination: 'semester' };
const fromPage: TranscriptCalendarDto = { value: 'quarter', source: 'page', evidence: 'Fall Quarter', askStudent: false, destination: 'semester' };

afterEach(cleanup);

describe('CreditCalendarNotice', () => {
  it('asks one question when neither the page nor the school says, and sends the answer', async () => {
    const onAnswer = vi.fn().mockResolvedValue(undefined);
    render(<CreditCalendarNotice calendar={ask} schoolName="Lakeside College" destinationName="Florida State University" onAnswer={onAnswer} />);
    screen.getByText('One question before we count your credits');
    screen.getByText(/Florida State University counts semester credits, and a quarter credit is worth two-thirds of a semester credit/);
    screen.getByText(/we don't know Lakeside College's calendar/);
    screen.getByText('Until you answer, credits are shown as printed, not converted.');
    fireEvent.click(screen.getByRole('button', { name: 'Quarter credits' }));
    await waitFor(() => expect(onAnswer).toHaveBeenCalledWith('quarter'));
  });

  it('says what the transcript counts in and how we know, and lets the student correct it', async () => {
    const onAnswer = vi.fn().mockResolvedValue(undefined);
    render(<CreditCalendarNotice calendar={fromPage} schoolName={null} destinationName="FSU" onAnswer={onAnswer} />);
    expect(screen.getByText(/Credits on this transcript:/).textContent).toBe('Credits on this transcript: quarter credits (your transcript says “Fall Quarter”). Not right?');
    expect(screen.queryByRole('button', { name: 'Semester credits' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Not right?' }));
    expect(screen.getByRole('button', { name: 'Quarter credits' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Semester credits' }));
    await waitFor(() => expect(onAnswer).toHaveBeenCalledWith('semester'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Semester credits' })).toBeNull());
  });

  it('says so when the answer could not be saved, and keeps the question', async () => {
    const onAnswer = vi.fn().mockRejectedValue(new Error('offline'));
    render(<CreditCalendarNotice calendar={ask} schoolName={null} destinationName="FSU" onAnswer={onAnswer} />);
    fireEvent.click(screen.getByRole('button', { name: 'Semester credits' }));
    await screen.findByText('We could not save your answer. Please try again.');
    screen.getByRole('button', { name: 'Quarter credits' });
  });

  it('names the school when its directory entry says', () => {
    render(<CreditCalendarNotice calendar={{ ...fromPage, source: 'school', evidence: null }} schoolName="Foothill College" destinationName="FSU" />);
    screen.getByText(/Foothill College is on quarters/);
    expect(screen.queryByRole('button', { name: 'Not right?' })).toBeNull();
  });
});
