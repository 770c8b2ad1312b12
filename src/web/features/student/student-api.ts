import type { CompareResponse, FavoriteSchool, ProfileInput, StudentAppealDetail, StudentMe, StudentTranscript, SubmitAppealInput } from '@shared/schemas/student';
import { ApiError, apiFetch, withoutFieldNames } from '../../lib/api-client';

/** The student area's calls (`/api/student/*`): what the query factories and mutations in student-queries.ts send. */

export const fetchStudentMe = (signal?: AbortSignal) => apiFetch<StudentMe>('/api/student/me', { signal });

export const fetchStudentAppeal = async (id: string, signal?: AbortSignal) =>
  (await apiFetch<{ appeal: StudentAppealDetail }>(`/api/student/appeals/${encodeURIComponent(id)}`, { signal })).appeal;

export const fetchComparison = (a: string, b: string, signal?: AbortSignal) =>
  apiFetch<CompareResponse>(`/api/student/compare?${new URLSearchParams({ a, b })}`, { signal });

export const saveProfile = (profile: ProfileInput) => apiFetch<StudentMe>('/api/student/profile', { method: 'PUT', body: profile });

export const addFavorites = (schools: string) => apiFetch<{ favorites: FavoriteSchool[] }>('/api/student/favorites', { method: 'POST', body: { schools } });

export const removeFavorite = (id: string) => apiFetch<void>(`/api/student/favorites/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const deleteTranscript = (id: string) => apiFetch<void>(`/api/student/transcripts/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** The student says a file the reader found no courses in is a transcript: kept, for the registrar to read by hand. */
export const keepUnreadableTranscript = (id: string) =>
  apiFetch<{ transcript: StudentTranscript }>(`/api/student/transcripts/${encodeURIComponent(id)}/keep-unreadable`, { method: 'POST', body: {} });

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
    // The upload address checks the bytes (type by content, size): its refusal says what is wrong with the file.
    const data = (await put.json().catch(() => ({}))) as { error?: unknown };
    throw new ApiError(typeof data.error === 'string' ? withoutFieldNames(data.error) : 'The file could not be uploaded. Please choose it again.', put.status);
  }
  return { key: slot.key, url: slot.uploadUrl.split('?')[0] ?? '', name: file.name, size: file.size };
}

export async function uploadTranscript(file: File): Promise<StudentTranscript> {
  const uploaded = await uploadFile(file, 'transcript');
  return (await apiFetch<{ transcript: StudentTranscript }>('/api/student/save-transcript', { method: 'POST', body: uploaded })).transcript;
}

/** Sends an appeal (spec section 7's submit-appeal); a chosen syllabus file is uploaded first and sent as its reference. */
export async function submitAppeal({ appeal, syllabus }: { appeal: Omit<SubmitAppealInput, 'syllabusFile'>; syllabus: File | null }) {
  const syllabusFile = syllabus ? await uploadFile(syllabus, 'syllabus') : null;
  return apiFetch<{ appeal: StudentAppealDetail }>('/api/student/submit-appeal', { method: 'POST', body: { ...appeal, syllabusFile } });
}

/** Starts the analysis of one of the student's transcripts for a school (the report then follows on /search?transcript=ID). */
export const analyzeTranscript = ({ id, toInstitution }: { id: string; toInstitution: string }) =>
  apiFetch<unknown>(`/api/transcripts/${encodeURIComponent(id)}/analyze`, { method: 'POST', body: { toInstitution } });

/** The student looked at their appeal center: the next visit marks only what changes after now. */
export const markAppealCenterSeen = () => apiFetch<void>('/api/student/appeals/seen', { method: 'POST', body: {} });

export const deleteAccount = (confirmation: { confirm: 'DELETE' }) => apiFetch<void>('/api/student/account', { method: 'DELETE', body: confirmation });

/** Spec section 5: the larger of 1 and the size in KB, rounded. */
export const formatKb = (size: number | null | undefined) => `${Math.max(1, Math.round((size ?? 0) / 1024))} KB`;
