import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { StudentMe } from '@shared/schemas/student';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { ApiError } from '../../lib/api-client';
import { STUDENT_ME_KEY, submitAppeal, uploadFile, UploadSlotError } from './student-api';

const REDIRECT_AFTER_MS = 2200;
const SUCCESS_TEXT = 'Appeal submitted. We’ll email you with updates within 3 business days.';
const SYLLABUS_ACCEPT = '.pdf,.doc,.docx,.png,.jpg,.jpeg';

type Fields = { courseName: string; courseCode: string; currentSchool: string; targetSchool: string; notes: string; syllabusLink: string };
const REQUIRED: Array<[keyof Fields, string]> = [
  ['courseName', 'Enter the course name'],
  ['courseCode', 'Enter the course code'],
  ['targetSchool', 'Enter the school you are transferring to'],
  ['notes', 'Tell the school why this course should count'],
];

/** Spec sections 2, 5 and 8: the appeal form; query parameters pre-fill it (from a No Transfer row). */
export function AppealForm({ me, accountName, accountEmail }: { me: StudentMe; accountName: string; accountEmail: string }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [fields, setFields] = useState<Fields>(() => ({
    courseName: params.get('courseName') ?? '',
    courseCode: params.get('courseCode') ?? '',
    currentSchool: params.get('currentSchool') ?? me.profile.currentSchool,
    targetSchool: params.get('targetSchool') ?? '',
    notes: params.get('notes') ?? '',
    syllabusLink: '',
  }));
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'submitting' | 'done'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const notesId = useId();
  const fileId = useId();
  const studentName = me.profile.fullName || accountName;

  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  const set = (name: keyof Fields) => (event: { target: { value: string } }) => setFields((current) => ({ ...current, [name]: event.target.value }));

  const submit = async () => {
    setFailure(null);
    const trimmed = Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, value.trim()])) as Fields;
    const missing = Object.fromEntries(REQUIRED.filter(([key]) => !trimmed[key]).map(([key, message]) => [key, message]));
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    setState('submitting');
    try {
      const syllabusFile = file ? await uploadFile(file, 'syllabus') : null;
      await submitAppeal({
        ...trimmed,
        currentSchool: trimmed.currentSchool || me.profile.currentSchool,
        syllabusFile,
        student: { name: studentName, email: accountEmail, major: me.profile.intendedMajor, currentSchool: trimmed.currentSchool || me.profile.currentSchool },
      });
      setState('done');
      void queryClient.invalidateQueries({ queryKey: STUDENT_ME_KEY });
      timer.current = setTimeout(() => navigate('/student'), REDIRECT_AFTER_MS);
    } catch (error) {
      setState('idle');
      if (error instanceof UploadSlotError) setFailure('Unable to provision upload slot');
      else if (error instanceof ApiError && error.status === 401) setFailure('Missing auth token');
      else if (error instanceof ApiError) setFailure(error.status === 400 || error.status === 413 || error.status === 404 ? `Unable to submit appeal: ${error.message}` : 'Unable to submit appeal');
      else setFailure('Unexpected error submitting appeal');
    }
  };

  if (state === 'done') {
    return (
      <div role="status" className="rounded-lg border border-green-200 bg-green-50 px-4 py-6 text-center font-semibold text-green-800">
        {SUCCESS_TEXT}
      </div>
    );
  }

  return (
    <form
      noValidate
      className="grid gap-4 sm:grid-cols-2"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <FormField label="Course name" required value={fields.courseName} onChange={set('courseName')} error={errors.courseName} maxLength={200} />
      <FormField label="Course code" required value={fields.courseCode} onChange={set('courseCode')} error={errors.courseCode} maxLength={50} placeholder="e.g. ECO 2023" />
      <FormField label="Current school" value={fields.currentSchool} onChange={set('currentSchool')} maxLength={200} hint="Leave empty to use the school on your profile." />
      <FormField label="Target school" required value={fields.targetSchool} onChange={set('targetSchool')} error={errors.targetSchool} maxLength={200} />
      <div className="flex flex-col gap-1 sm:col-span-2">
        <label htmlFor={notesId} className="text-sm font-medium text-slate-800">
          Appeal summary
        </label>
        <textarea
          id={notesId}
          required
          rows={5}
          maxLength={5000}
          value={fields.notes}
          onChange={set('notes')}
          aria-invalid={errors.notes ? true : undefined}
          aria-describedby={errors.notes ? `${notesId}-error` : undefined}
          placeholder="Why should this course count? Mention the topics, textbook or hours that match."
          className={`rounded-md border px-3 py-2 text-base shadow-sm focus:ring-2 focus:ring-brand-600 focus:outline-none ${errors.notes ? 'border-red-600' : 'border-slate-300'}`}
        />
        {errors.notes && (
          <p id={`${notesId}-error`} className="text-sm text-red-700">
            {errors.notes}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={fileId} className="text-sm font-medium text-slate-800">
          Syllabus file
        </label>
        <input
          id={fileId}
          type="file"
          accept={SYLLABUS_ACCEPT}
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          aria-describedby={`${fileId}-hint`}
          className="text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-semibold file:text-slate-800"
        />
        <p id={`${fileId}-hint`} className="text-xs text-slate-600">
          PDF or DOC up to 10MB
        </p>
      </div>
      <FormField label="Syllabus link" type="url" value={fields.syllabusLink} onChange={set('syllabusLink')} maxLength={2000} placeholder="https://" />
      <FormField label="Student name" value={studentName} readOnly />
      {failure && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-semibold text-red-800 sm:col-span-2">
          {failure}
        </div>
      )}
      <div className="flex gap-3 sm:col-span-2">
        <Button type="submit" disabled={state === 'submitting'}>
          {state === 'submitting' ? 'Submitting...' : 'Submit appeal'}
        </Button>
        <Button variant="secondary" onClick={() => navigate(-1)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
