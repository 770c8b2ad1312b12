import type { AdminUser, ChangeRoleInput } from '@shared/schemas/accounts';
import type {
  AdminAppeal,
  AdminAppealDetail,
  AdminAppealList,
  AdminStats,
  AdminStudentList,
  AppealListStatus,
  PartnerStatus,
  UpdateAppealInput,
} from '@shared/schemas/admin';
import { ApiError, apiFetch } from '../../lib/api-client';

/** The spec's error texts for one list (section 8): 401, any other failed answer, and a request that never got an answer. */
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
  signedOut: 'You must be signed in as an admin.',
  failed: 'Unable to load students.',
  unexpected: 'Unexpected error loading students.',
};

const APPEAL_ERRORS: ErrorTexts = {
  signedOut: 'You must be signed in as an admin to view appeals.',
  failed: 'Unable to load appeals.',
  unexpected: 'Unexpected error loading appeals.',
};

const query = (params: Record<string, string | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, value);
  return search.toString();
};

export const fetchStats = (signal?: AbortSignal) => apiFetch<AdminStats>('/api/admin/stats', { signal });

export const fetchAppeals = (params: { status: AppealListStatus; q?: string; cursor?: string }, signal?: AbortSignal) =>
  withSpecErrors(APPEAL_ERRORS, () =>
    apiFetch<AdminAppealList>(`/api/admin/appeals?${query({ status: params.status, q: params.q || undefined, cursor: params.cursor })}`, { signal }),
  );

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
