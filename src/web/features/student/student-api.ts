import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Announcement, CompareResponse, FavoriteSchool, ProfileInput, StudentAppealDetail, StudentMe, StudentTranscript, SubmitAppealInput } from '@shared/schemas/student';
import { apiFetch } from '../../lib/api-client';

export const STUDENT_ME_KEY = ['student-me'] as const;

export function useStudentMe(enabled = true) {
  return useQuery({ queryKey: STUDENT_ME_KEY, enabled, queryFn: ({ signal }) => apiFetch<StudentMe>('/api/student/me', { signal }) });
}

export function useAnnouncements(enabled = true) {
  return useQuery({
    queryKey: ['announcements'],
    enabled,
    queryFn: async ({ signal }) => (await apiFetch<{ announcements: Announcement[] }>('/api/announcements', { signal })).announcements,
  });
}

export function useAppeal(id: string | undefined, enabled = true) {
  return useQuery({
    queryKey: ['student-appeal', id],
    enabled: enabled && Boolean(id),
    retry: false,
    queryFn: async ({ signal }) => (await apiFetch<{ appeal: StudentAppealDetail }>(`/api/student/appeals/${encodeURIComponent(id ?? '')}`, { signal })).appeal,
  });
}

export function useCompare(a: string, b: string) {
  return useQuery({
    queryKey: ['student-compare', a, b],
    enabled: Boolean(a && b),
    retry: false,
    queryFn: ({ signal }) => apiFetch<CompareResponse>(`/api/student/compare?${new URLSearchParams({ a, b })}`, { signal }),
  });
}

/** Mutations that change what /api/student/me answers refresh it when they succeed. */
function useStudentMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: STUDENT_ME_KEY }) });
}

export const useSaveProfile = () => useStudentMutation((profile: ProfileInput) => apiFetch<StudentMe>('/api/student/profile', { method: 'PUT', body: profile }));
export const useAddFavorites = () =>
  useStudentMutation((schools: string) => apiFetch<{ favorites: FavoriteSchool[] }>('/api/student/favorites', { method: 'POST', body: { schools } }));
export const useRemoveFavorite = () =>
  useStudentMutation((id: string) => apiFetch<void>(`/api/student/favorites/${encodeURIComponent(id)}`, { method: 'DELETE' }));
export const useDeleteTranscript = () =>
  useStudentMutation((id: string) => apiFetch<void>(`/api/student/transcripts/${encodeURIComponent(id)}`, { method: 'DELETE' }));

export type UploadPurpose = 'transcript' | 'syllabus';

export class UploadSlotError extends Error {}

/** The spec's upload calls: create-upload-url, then PUT the raw bytes to the signed address. */
export async function uploadFile(file: File, purpose: UploadPurpose): Promise<{ key: string; url: string; name: string; size: number }> {
  const contentType = file.type || 'application/octet-stream';
  let slot: { uploadUrl: string; key: string };
  try {
    slot = await apiFetch<{ uploadUrl: string; key: string }>('/api/student/create-upload-url', { method: 'POST', body: { filename: file.name, contentType, purpose } });
  } catch (error) {
    throw new UploadSlotError(error instanceof Error ? error.message : 'Unable to provision upload slot');
  }
  const put = await fetch(slot.uploadUrl, { method: 'PUT', headers: { 'content-type': contentType }, body: file, credentials: 'same-origin' });
  if (!put.ok) {
    const data = (await put.json().catch(() => ({}))) as { error?: string };
    throw new Error(data.error ?? `Upload failed (${put.status})`);
  }
  return { key: slot.key, url: slot.uploadUrl.split('?')[0] ?? '', name: file.name, size: file.size };
}

export const useUploadTranscript = () =>
  useStudentMutation(async (file: File) => {
    const uploaded = await uploadFile(file, 'transcript');
    return (await apiFetch<{ transcript: StudentTranscript }>('/api/student/save-transcript', { method: 'POST', body: uploaded })).transcript;
  });

export const submitAppeal = (input: SubmitAppealInput) => apiFetch<{ appeal: StudentAppealDetail }>('/api/student/submit-appeal', { method: 'POST', body: input });

/** Starts the analysis of one of the student's transcripts for a school (the report then follows on /search?transcript=ID). */
export const analyzeTranscript = (id: string, toInstitution: string) =>
  apiFetch<unknown>(`/api/transcripts/${encodeURIComponent(id)}/analyze`, { method: 'POST', body: { toInstitution } });

export const deleteAccount = () => apiFetch<void>('/api/student/account', { method: 'DELETE', body: { confirm: 'DELETE' } });

/** Spec section 5: the larger of 1 and the size in KB, rounded. */
export const formatKb = (size: number | null | undefined) => `${Math.max(1, Math.round((size ?? 0) / 1024))} KB`;

/** Spec section 4: statuses show with underscores as spaces. */
export const statusLabel = (status: string) => status.replace(/_/g, ' ');

