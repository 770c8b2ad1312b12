import type {
  AdminAppeal,
  AdminAppealDetail,
  AdminAppealList,
  AdminStats,
  AdminStudentList,
  Announcement,
  AppealDecision,
  AppealListStatus,
  AppealStatus,
  CreateRuleFromAppeal,
  PartnerStatus,
  PathwayOverview,
  SchoolOverview,
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

export const STUDENT_ERRORS: ErrorTexts = {
  signedOut: 'You must be signed in as an admin.',
  failed: 'Unable to load students.',
  unexpected: 'Unexpected error loading students.',
};

export const APPEAL_ERRORS: ErrorTexts = {
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

export interface AppealUpdate {
  userId: string;
  appealId: string;
  status: AppealStatus;
  adminNotes: string;
  expectedVersion?: number;
  decision?: AppealDecision | null;
  studentMessage?: string | null;
  createRule?: CreateRuleFromAppeal | null;
}

export const updateAppeal = (body: AppealUpdate) => apiFetch<{ appeal: AdminAppeal }>('/api/admin/appeals/update', { method: 'POST', body });

export const fetchStudents = (params: { q?: string; cursor?: string }, signal?: AbortSignal) =>
  withSpecErrors(STUDENT_ERRORS, () => apiFetch<AdminStudentList>(`/api/admin/students?${query({ q: params.q || undefined, cursor: params.cursor })}`, { signal }));

export const fetchAnnouncements = () => apiFetch<{ announcements: Announcement[] }>('/api/admin/announcements');
export const postAnnouncement = (body: { title: string; body: string }) =>
  apiFetch<{ announcement: Announcement }>('/api/admin/announcements', { method: 'POST', body });
export const deleteAnnouncement = (id: string) => apiFetch<{ deleted: string }>(`/api/admin/announcements/${id}`, { method: 'DELETE' });

export const fetchPartners = () => apiFetch<{ partners: PartnerStatus[] }>('/api/admin/partners');
export const togglePartner = (partner: string) =>
  apiFetch<{ status: string; partner: PartnerStatus }>(`/api/admin/partners/${partner}/connect`, { method: 'POST', body: {} });

export const fetchSchoolsOverview = () => apiFetch<{ schools: SchoolOverview[] }>('/api/admin/overview/schools');
export const fetchPathways = () => apiFetch<{ pathways: PathwayOverview[] }>('/api/admin/overview/pathways');
