import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  DegreeCompareResponse,
  DegreeProgressResponse,
  ExamCatalogEntry,
  ExamScore,
  ExamScoreInput,
  ProgramDetail,
  ProgramImportKind,
  ProgramImportResult,
  ProgramListResponse,
  ProgramSummary,
  ProgramUpdateInput,
} from '@shared/schemas/programs';
import { ApiError, apiFetch } from '../../lib/api-client';

/** One query-options factory per resource of the programs feature; each key is written here and nowhere else. */
export const programQueries = {
  /** A school's programs, with the one to show first for the student's major or the terms on their transcript. */
  forSchool: (school: string, hints: { major?: string; terms?: string[] } = {}) => {
    const params = new URLSearchParams({ school });
    if (hints.major) params.set('major', hints.major);
    for (const term of hints.terms ?? []) params.append('term', term);
    return queryOptions({
      queryKey: ['programs', 'school', school, hints.major ?? '', ...(hints.terms ?? [])],
      queryFn: ({ signal }) => apiFetch<ProgramListResponse>(`/api/programs?${params}`, { signal }),
      enabled: school !== '',
      retry: false,
    });
  },
  /** The same, for one of the student's transcripts: the one shown first follows the terms on it. */
  forTranscript: (transcriptId: string, school: string, major?: string) => {
    const params = new URLSearchParams({ school });
    if (major) params.set('major', major);
    return queryOptions({
      queryKey: ['programs', 'transcript', transcriptId, school, major ?? ''],
      queryFn: ({ signal }) => apiFetch<ProgramListResponse>(`/api/student/transcripts/${encodeURIComponent(transcriptId)}/programs?${params}`, { signal }),
      enabled: school !== '',
      retry: false,
    });
  },
  examCatalog: () =>
    queryOptions({
      queryKey: ['exams', 'catalog'],
      queryFn: async ({ signal }) => (await apiFetch<{ exams: ExamCatalogEntry[] }>('/api/exams', { signal })).exams,
      staleTime: 5 * 60_000,
    }),
  examScores: () =>
    queryOptions({
      queryKey: ['exams', 'scores'],
      queryFn: async ({ signal }) => (await apiFetch<{ scores: ExamScore[] }>('/api/student/exam-scores', { signal })).scores,
    }),
  progress: (transcriptId: string, programId: number, schoolId: number) =>
    queryOptions({
      queryKey: ['degree-progress', transcriptId, programId, schoolId],
      queryFn: ({ signal }) =>
        apiFetch<DegreeProgressResponse>(`/api/student/transcripts/${encodeURIComponent(transcriptId)}/progress?program=${programId}&school=${schoolId}`, { signal }),
      retry: false,
    }),
  compare: (transcriptId: string, targets: Array<{ schoolId: number; programId: number }>) =>
    queryOptions({
      queryKey: ['degree-compare', transcriptId, ...targets.map((target) => `${target.schoolId}:${target.programId}`)],
      queryFn: ({ signal }) => {
        const params = new URLSearchParams();
        for (const target of targets) params.append('target', `${target.schoolId}:${target.programId}`);
        return apiFetch<DegreeCompareResponse>(`/api/student/transcripts/${encodeURIComponent(transcriptId)}/degree-compare?${params}`, { signal });
      },
      enabled: targets.length >= 2,
      retry: false,
    }),
};

/** Saves the student's whole list of exam scores; progress and compare answers are asked again. */
export function useSaveExamScores() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (scores: ExamScoreInput[]) => (await apiFetch<{ scores: ExamScore[] }>('/api/student/exam-scores', { method: 'PUT', body: { scores } })).scores,
    onSuccess: (scores) => {
      queryClient.setQueryData(programQueries.examScores().queryKey, scores);
      void queryClient.invalidateQueries({ queryKey: ['degree-progress'] });
      void queryClient.invalidateQueries({ queryKey: ['degree-compare'] });
    },
  });
}

/** Every admin query about programs starts with this key: after an import or an edit they are all asked again. */
export const ADMIN_PROGRAMS_KEY = ['admin', 'programs'] as const;

export const adminProgramQueries = {
  list: (q: string) =>
    queryOptions({
      queryKey: [...ADMIN_PROGRAMS_KEY, q],
      queryFn: async ({ signal }) => (await apiFetch<{ programs: ProgramSummary[] }>(`/api/admin/programs?${new URLSearchParams(q ? { q } : {})}`, { signal })).programs,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...ADMIN_PROGRAMS_KEY, 'detail', id],
      queryFn: ({ signal }) => apiFetch<ProgramDetail>(`/api/admin/programs/${id}`, { signal }),
    }),
};

/** The admin's edit of a program; the list and the program are asked again. */
export function useUpdateProgram(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProgramUpdateInput) => apiFetch<ProgramDetail>(`/api/admin/programs/${id}`, { method: 'PATCH', body: input }),
    onSuccess: (program) => {
      queryClient.setQueryData(adminProgramQueries.detail(id).queryKey, program);
      void queryClient.invalidateQueries({ queryKey: ADMIN_PROGRAMS_KEY });
    },
  });
}

/** Sends a programs CSV (text or a chosen file) to the import; a file with errors answers 400 with the same result. */
export async function uploadProgramCsv(body: string | File, options: { dryRun: boolean; kind?: ProgramImportKind }): Promise<ProgramImportResult> {
  const params = new URLSearchParams({ dryRun: options.dryRun ? '1' : '0' });
  if (options.kind) params.set('kind', options.kind);
  const response = await fetch(`/api/admin/programs/import?${params}`, { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'text/csv' }, body });
  const data = (await response.json().catch(() => null)) as (ProgramImportResult & { error?: string }) | null;
  if (data && typeof data.errorCount === 'number') return data;
  throw new ApiError(data?.error ?? `Upload failed (${response.status})`, response.status);
}
