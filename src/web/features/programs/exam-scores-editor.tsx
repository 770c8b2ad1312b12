import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { EXAM_SCORE_RANGE, EXAM_TYPES, examScoreSchema, type ExamType } from '@shared/schemas/programs';
import { Button } from '../../components/ui/button';
import { programQueries, useSaveExamScores } from './programs-queries';

type FieldErrors = Partial<Record<'examType' | 'exam' | 'score', string>>;

/** AP, IB and CLEP scores the student adds, kept on their account; each school's own rules turn them into credit. */
export function ExamScoresEditor() {
  const scores = useQuery(programQueries.examScores());
  const catalog = useQuery(programQueries.examCatalog());
  const save = useSaveExamScores();
  const [examType, setExamType] = useState<ExamType>('AP');
  const [exam, setExam] = useState('');
  const [score, setScore] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const ids = { type: useId(), exam: useId(), score: useId() };
  const exams = (catalog.data ?? []).filter((entry) => entry.examType === examType);
  const saved = scores.data ?? [];
  const range = EXAM_SCORE_RANGE[examType];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The shared schema the server checks with: the form says the same thing the API would.
    const parsed = examScoreSchema.safeParse({ examType, exam, score: score === '' ? undefined : Number(score) });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof FieldErrors] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    const others = saved.filter((entry) => !(entry.examType === parsed.data.examType && entry.exam.toLowerCase() === parsed.data.exam.toLowerCase()));
    save.mutate([...others.map(({ examType: type, exam: name, score: value }) => ({ examType: type, exam: name, score: value })), parsed.data], {
      onSuccess: () => {
        setExam('');
        setScore('');
      },
    });
  };
  const remove = (id: string) => save.mutate(saved.filter((entry) => entry.id !== id).map(({ examType: type, exam: name, score: value }) => ({ examType: type, exam: name, score: value })));

  return (
    <div className="flex flex-col gap-3">
      {saved.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Your exam scores">
          {saved.map((entry) => (
            <li key={entry.id} className="flex items-center gap-1 rounded-full bg-slate-100 py-1 pr-1 pl-3 text-sm text-slate-800">
              {entry.examType} {entry.exam}: {entry.score}
              <button
                type="button"
                onClick={() => remove(entry.id)}
                disabled={save.isPending}
                className="flex h-8 w-8 items-center justify-center rounded-full text-slate-600 hover:bg-slate-200"
                aria-label={`Remove ${entry.examType} ${entry.exam}`}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">No exam scores yet. Add the AP, IB or CLEP exams you took to see what credit each school gives for them.</p>
      )}
      <form onSubmit={submit} noValidate className="grid grid-cols-[5.5rem_1fr] gap-x-2 gap-y-3 sm:grid-cols-[6rem_1fr_6.5rem_auto] sm:items-start">
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.type} className="text-xs font-medium text-slate-700">
            Exam type
          </label>
          <select
            id={ids.type}
            value={examType}
            onChange={(event) => {
              setExamType(event.target.value as ExamType);
              setExam('');
            }}
            className="rounded-md border border-slate-300 bg-white px-2 py-2 text-base"
          >
            {EXAM_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={ids.exam} className="text-xs font-medium text-slate-700">
            Exam
          </label>
          <select
            id={ids.exam}
            value={exam}
            onChange={(event) => setExam(event.target.value)}
            aria-invalid={errors.exam ? true : undefined}
            aria-describedby={errors.exam ? `${ids.exam}-error` : undefined}
            className="min-w-0 rounded-md border border-slate-300 bg-white px-2 py-2 text-base"
          >
            <option value="">{exams.length > 0 ? 'Choose the exam' : `No ${examType} exams on file yet`}</option>
            {exams.map((entry) => (
              <option key={entry.exam} value={entry.exam}>
                {entry.exam}
              </option>
            ))}
          </select>
          {errors.exam && (
            <p id={`${ids.exam}-error`} className="text-xs text-red-700">
              {errors.exam}
            </p>
          )}
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.score} className="text-xs font-medium text-slate-700">
            Score ({range.min}–{range.max})
          </label>
          <input
            id={ids.score}
            type="number"
            inputMode="numeric"
            min={range.min}
            max={range.max}
            value={score}
            onChange={(event) => setScore(event.target.value)}
            aria-invalid={errors.score ? true : undefined}
            aria-describedby={errors.score ? `${ids.score}-error` : undefined}
            className="rounded-md border border-slate-300 px-2 py-2 text-base"
          />
          {errors.score && (
            <p id={`${ids.score}-error`} className="text-xs text-red-700">
              {errors.score}
            </p>
          )}
        </div>
        <Button type="submit" disabled={save.isPending} className="self-end sm:mt-5">
          {save.isPending ? 'Saving…' : 'Add score'}
        </Button>
      </form>
      {save.isError && (
        <p role="alert" className="text-sm text-red-700">
          {save.error.message}
        </p>
      )}
    </div>
  );
}
