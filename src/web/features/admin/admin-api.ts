import type { AdminUser, ChangeRoleInput } from '@shared/schemas/accounts';
import type {
  AdminAppeal,
  AdminAppealCounts,
  AdminAppealDetail,
  AdminAppealList,
  AdminStats,
  AdminStudentList,
  AppealListStatus,
  AppealSort,
  MarkAppealsInReviewResult,
  PartnerStatus,
  UpdateAppealInput,
} from '@shared/schemas/admin';
import { ApiError, apiFetch } from '../../lib/api-client';

/**
 * The spec's error texts for one list (section 8), each followed by what to do: 401 or 403, any other failed answer,
 * and a request that never got an answer.
 */
interface ErrorTexts {
  signedOut: string;
  failed: string;
  unexpected: string;
}

async function withSpecErrors<T>(texts: ErrorTexts, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof ApiError) throw new Error(error.status === 401 || error.status === 403 ? texts.signedOut : texts.failed);
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new Error(texts.unexpected);
  }
}

const STUDENT_ERRORS: ErrorTexts = {
  signedOut: 'You must be signed in as an admin. Sign in with your staff account.',
  failed: 'Unable to load students. Reload the page, or try again in a minute.',
  unexpected: 'Unexpected error loading students. Check your connection, then reload the page.',
};

const APPEAL_ERRORS: ErrorTexts = {
  signedOut: 'You must be signed in as an admin to view appeals. Sign in with your staff account.',
  failed: 'Unable to load appeals. Reload the page, or try again in a minute.',
  unexpected: 'Unexpected error loading appeals. Check your connection, then reload the page.',
};

const query = (params: Record<string, string | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, value);
  return search.toString();
};

export const fetchStats = (signal?: AbortSignal) => apiFetch<AdminStats>('/api/admin/stats', { signal });

export const fetchAppeals = (params: { status: AppealListStatus; q?: string; cursor?: string; sort?: AppealSort; school?: string }, signal?: AbortSignal) =>
  withSpecErrors(APPEAL_ERRORS, () =>
    apiFetch<AdminAppealList>(
      `/api/admin/appeals?${query({ status: params.status, q: params.q || undefined, cursor: params.cursor, sort: params.sort, school: params.school || undefined })}`,
      { signal },
    ),
  );

/** Appeals per status (in one school when chosen) and the schools appeals go to. */
export const fetchAppealCounts = (school: string, signal?: AbortSignal) =>
  withSpecErrors(APPEAL_ERRORS, () => apiFetch<AdminAppealCounts>(`/api/admin/appeals/counts?${query({ school: school || undefined })}`, { signal }));

export const markAppealsInReview = (appealIds: string[]) =>
  apiFetch<MarkAppealsInReviewResult>('/api/admin/appeals/mark-in-review', { method: 'POST', body: { appealIds } });

export const fetchAppealDetail = (id: string, signal?: AbortSignal) => apiFetch<AdminAppealDetail>(`/api/admin/appeals/${encodeURIComponent(id)}`, { signal });

export const updateAppeal = (body: UpdateAppealInput) => apiFetch<{ appeal: AdminAppeal }>('/api/admin/appeals/update', { method: 'POST', body });

export const fetchStudents = (params: { q?: string; cursor?: string }, signal?: AbortSignal) =>
  withSpecErrors(STUDENT_ERRORS, () => apiFetch<AdminStudentList>(`/api/admin/students?${query({ q: params.q || undefined, cursor: params.cursor })}`, { signal }));

export const fetchPartners = (signal?: AbortSignal) => apiFetch<{ partners: PartnerStatus[] }>('/api/admin/partners', { signal });
export const togglePartner = (partner: string) =>
  apiFetch<{ status: string; partner: PartnerStatus }>(`/api/admin/partners/${partner}/connect`, { method: 'POST', body: {} });

/** The accounts on the Settings page, with their roles. */
export async function fetchAccounts(q: string, signal?: AbortSignal): Promise<AdminUser[]> {
  try {
    return (await apiFetch<{ users: AdminUser[] }>(`/api/admin/users?${query({ q: q || undefined })}`, { signal })).users;
  } catch (error) {
    if (error instanceof ApiError) throw new Error(error.status === 401 ? 'You must be signed in as an admin.' : 'Unable to load accounts.');
    throw error;
  }
}

/** Grants or removes the admin role (audited on the server); the server's reason is shown when it refuses. */
export async function changeRole(input: ChangeRoleInput): Promise<AdminUser> {
  try {
    return (await apiFetch<{ user: AdminUser }>('/api/admin/users/role', { method: 'POST', body: input })).user;
  } catch (error) {
    // A refusal (removing your own role, an unknown account) says why; anything else is a plain retry message.
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) throw error;
    throw new Error('The role could not be changed. Please try again.');
  }
}
