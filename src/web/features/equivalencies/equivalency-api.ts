/** The admin's equivalency-data calls: rules CSV import (dry run, then save), institutions, the overviews. */
import type { PathwayOverview, SchoolOverview } from '@shared/schemas/admin';
import type {
  ColumnMapping,
  EquivalencyImportResult,
  InstitutionCreateInput,
  InstitutionListResponse,
  InstitutionRecord,
  InstitutionUpdateInput,
  TransferDataOverview,
} from '@shared/schemas/equivalencies';
import { apiFetch, ApiError, withoutFieldNames } from '../../lib/api-client';

/** Sends the CSV as it is (text/csv): a chosen file is streamed by the browser, never read into the page. */
/** How a rules file is read and stored: the school it comes from, how its headers map, which new schools may be added. */
export interface RulesUploadOptions {
  dryRun: boolean;
  sourceUniversity?: string;
  /** Crosswalk's column -> the file's header, for headers the server does not recognise. */
  mapping?: ColumnMapping;
  /** Schools the preview said are new, which the clerk confirmed may be added. */
  newSchools?: string[];
}

export async function uploadRulesCsv(csv: string | Blob, options: RulesUploadOptions): Promise<EquivalencyImportResult> {
  const params = new URLSearchParams();
  if (options.dryRun) params.set('dryRun', '1');
  if (options.sourceUniversity) params.set('sourceUniversity', options.sourceUniversity);
  if (options.mapping && Object.keys(options.mapping).length > 0) params.set('mapping', JSON.stringify(options.mapping));
  if (options.newSchools && options.newSchools.length > 0) params.set('newSchools', JSON.stringify(options.newSchools));
  const response = await fetch(`/api/admin/equivalencies/import?${params}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'text/csv', accept: 'application/json' },
    body: csv,
  });
  const body = (await response.json().catch(() => null)) as (EquivalencyImportResult & { error?: string }) | null;
  // A file with row errors answers 400 with the same report: show it rather than fail.
  if (body && typeof body.inserted === 'number') return body;
  if (response.status === 401) throw new ApiError('You must be signed in as an admin.', 401);
  throw new ApiError(body?.error ? withoutFieldNames(body.error) : `The upload failed (${response.status}). Please try again.`, response.status);
}

export const listInstitutions = (q: string, signal?: AbortSignal) =>
  apiFetch<InstitutionListResponse>(`/api/admin/institutions${q ? `?${new URLSearchParams({ q })}` : ''}`, { signal }).then((body) => body.institutions);

export const createInstitution = (input: InstitutionCreateInput) =>
  apiFetch<{ institution: InstitutionRecord }>('/api/admin/institutions', { method: 'POST', body: input }).then((body) => body.institution);

export const updateInstitution = (id: number, input: InstitutionUpdateInput) =>
  apiFetch<{ institution: InstitutionRecord }>(`/api/admin/institutions/${id}`, { method: 'PATCH', body: input }).then((body) => body.institution);

export const fetchTransferData = (signal?: AbortSignal) => apiFetch<TransferDataOverview>('/api/admin/transfer-data', { signal });
export const fetchSchoolsOverview = (signal?: AbortSignal) => apiFetch<{ schools: SchoolOverview[] }>('/api/admin/overview/schools', { signal });
export const fetchPathways = (signal?: AbortSignal) => apiFetch<{ pathways: PathwayOverview[] }>('/api/admin/overview/pathways', { signal });
