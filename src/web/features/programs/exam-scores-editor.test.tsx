// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExamScoresEditor } from './exam-scores-editor';

/** The API as the form sees it: the exam list, the student's scores, and the PUT that saves them. */
function stubApi() {
  let saved: Array<{ id: string; examType: string; exam: string; score: number }> = [{ id: 'a', examType: 'AP', exam: 'Biology', score: 5 }];
  const puts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/exams') return Response.json({ exams: [{ examType: 'AP', exam: 'Biology' }, { examType: 'AP', exam: 'Calculus AB' }, { examType: 'IB', exam: 'Physics' }] });
      if (url === '/api/student/exam-scores' && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { scores: typeof saved };
        puts.push(body);
        saved = body.scores.map((score, index) => ({ ...score, id: String(index) }));
        return Response.json({ scores: saved });
      }
      if (url === '/api/student/exam-scores') return Response.json({ scores: saved });
      return new Response('{}', { status: 404 });
    }),
  );
  return puts;
}

function renderEditor() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ExamScoresEditor />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the exam scores form', () => {
  it('says what is missing or out of range with the schema the server uses, and sends nothing until it is right', async () => {
    const puts = stubApi();
    renderEditor();
    await screen.findByText('AP Biology: 5');
    fireEvent.click(screen.getByRole('button', { name: 'Add score' }));
    expect(await screen.findByText('name the exam')).toBeInTheDocument();
    await screen.findByRole('option', { name: 'Calculus AB' });
    fireEvent.change(screen.getByLabelText('Exam'), { target: { value: 'Calculus AB' } });
    fireEvent.change(screen.getByLabelText('Score (1–5)'), { target: { value: '9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add score' }));
    expect(await screen.findByText('AP scores are whole numbers from 1 to 5')).toBeInTheDocument();
    expect(puts).toEqual([]);
  });

  it('keeps the saved scores and adds the new one; the range follows the exam type', async () => {
    const puts = stubApi();
    renderEditor();
    await screen.findByText('AP Biology: 5');
    fireEvent.change(screen.getByLabelText('Exam type'), { target: { value: 'IB' } });
    expect(screen.getByLabelText('Score (1–7)')).toBeInTheDocument();
    await screen.findByRole('option', { name: 'Physics' });
    fireEvent.change(screen.getByLabelText('Exam'), { target: { value: 'Physics' } });
    fireEvent.change(screen.getByLabelText('Score (1–7)'), { target: { value: '6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add score' }));
    await screen.findByText('IB Physics: 6');
    expect(puts).toEqual([
      {
        scores: [
          { examType: 'AP', exam: 'Biology', score: 5 },
          { examType: 'IB', exam: 'Physics', score: 6 },
        ],
      },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove AP Biology' }));
    await waitFor(() => expect(screen.queryByText('AP Biology: 5')).not.toBeInTheDocument());
    expect(puts.at(-1)).toEqual({ scores: [{ examType: 'IB', exam: 'Physics', score: 6 }] });
  });
});
