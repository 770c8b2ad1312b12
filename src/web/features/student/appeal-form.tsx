import { useEffect, useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { submitAppealSchema, type StudentMe } from '@shared/schemas/student';
import { Button } from '../../components/ui/button';
import { FormField, TextAreaField } from '../../components/ui/form-field';
import { ApiError, isServerWords } from '../../lib/api-client';
import { useSchemaForm } from '../../lib/use-schema-form';
import { SchoolNameField } from '../schools';
import { UploadSlotError } from './student-api';
import { useSubmitAppeal } from './student-queries';

const REDIRECT_AFTER_MS = 2200;
const SUCCESS_TEXT = 'Appeal submitted. We’ll email you with updates within 3 business days.';
const SYLLABUS_ACCEPT = '.pdf,.doc,.docx,.png,.jpg,.jpeg';

/** The submit-appeal schema (src/shared) checks the fields; these are its problems in a student's words. */
const MESSAGES = {
  courseName: 'Enter the course name',
  courseCode: 'Enter the course code',
  targetSchool: 'Enter the school you are transferring to',
  notes: 'Tell the school why this course should count',
  syllabusLink: 'Enter a web address that starts with http:// or https://, or leave it empty',
};

/**
 * Spec section 8's texts for what went wrong, each followed by the server's own reason whenever it gave one (409 "You
 * already appealed …", 415 "This file is not a PDF, DOC…") and, when it gave none, what to do next.
 */
function failureText(error: unknown): string {
  if (error instanceof UploadSlotError) {
    return !isServerWords(error.message) || error.message === 'Unable to provision upload slot'
      ? 'Unable to provision upload slot. Please try again, or send your appeal with a syllabus link instead.'
      : `Unable to provision upload slot: ${error.message}`;
  }
  if (error instanceof ApiError && error.status === 401) return 'Missing auth token. Please sign in again, then send your appeal.';
  if (error instanceof ApiError && isServerWords(error.message) && error.status < 500) return `Unable to submit appeal: ${error.message}`;
  if (error instanceof ApiError) return 'Unable to submit appeal. Please try again in a few minutes; your answers are still here.';
  return 'Unexpected error submitting appeal. Check your connection and try again; your answers are still here.';
}

/** Spec sections 2, 5 and 8: the appeal form; query parameters pre-fill it (from a No Transfer row). */
export function AppealForm({ me, accountName, accountEmail }: { me: StudentMe; accountName: string; accountEmail: string }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const form = useSchemaForm({
    schema: submitAppealSchema,
    initialValues: {
      courseName: params.get('courseName') ?? '',
      courseCode: params.get('courseCode') ?? '',
      currentSchool: params.get('currentSchool') ?? me.profile.currentSchool,
      targetSchool: params.get('targetSchool') ?? '',
      notes: params.get('notes') ?? '',
      syllabusLink: '',
    },
    messages: MESSAGES,
  });
  const [file, setFile] = useState<File | null>(null);
  const submission = useSubmitAppeal();
  const fileId = useId();
  const studentName = me.profile.fullName || accountName;

  // Spec section 2: after success, /student follows 2.2 s later.
  const submitted = submission.isSuccess;
  useEffect(() => {
    if (!submitted) return;
    const timer = setTimeout(() => navigate('/student'), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [submitted, navigate]);

  const submit = form.handleSubmit((appeal) => {
    const currentSchool = appeal.currentSchool || me.profile.currentSchool;
    submission.mutate({
      appeal: {
        courseName: appeal.courseName,
        courseCode: appeal.courseCode,
        currentSchool,
        targetSchool: appeal.targetSchool,
        notes: appeal.notes,
        syllabusLink: appeal.syllabusLink,
        student: { name: studentName, email: accountEmail, major: me.profile.intendedMajor, currentSchool },
      },
      syllabus: file,
    });
  });

  if (submitted) {
    return (
      <div role="status" className="rounded-lg border border-green-200 bg-green-50 px-4 py-6 text-center font-semibold text-green-800">
        {SUCCESS_TEXT}
      </div>
    );
  }

  return (
    <form noValidate className="grid gap-4 sm:grid-cols-2" onSubmit={submit}>
      <FormField label="Course name" required {...form.textField('courseName')} maxLength={200} />
      <FormField label="Course code" required {...form.textField('courseCode')} maxLength={50} placeholder="e.g. ECO 2023" />
      <SchoolNameField
        label="Current school"
        name="currentSchool"
        value={form.values.currentSchool}
        onChange={(name) => form.setValue('currentSchool', name)}
        error={form.errorFor('currentSchool')}
        hint="Leave empty to use the school on your profile."
      />
      <SchoolNameField
        label="Target school"
        name="targetSchool"
        required
        value={form.values.targetSchool}
        onChange={(name) => form.setValue('targetSchool', name)}
        error={form.errorFor('targetSchool')}
      />
      <div className="sm:col-span-2">
        <TextAreaField
          label="Appeal summary"
          required
          rows={5}
          maxLength={5000}
          {...form.textField('notes')}
          placeholder="Why should this course count? Mention the topics, textbook or hours that match."
        />
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
      <FormField label="Syllabus link" type="url" {...form.textField('syllabusLink')} maxLength={2000} placeholder="https://" />
      <FormField label="Student name" value={studentName} readOnly />
      {submission.isError && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-semibold text-red-800 sm:col-span-2">
          {failureText(submission.error)}
        </div>
      )}
      <div className="flex gap-3 sm:col-span-2">
        <Button type="submit" disabled={submission.isPending}>
          {submission.isPending ? 'Submitting...' : 'Submit appeal'}
        </Button>
        <Button variant="secondary" onClick={() => navigate(-1)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
