import { type InfiniteData, infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminAppeal, AdminAppealList, AppealListStatus, AppealSort } from '@shared/schemas/admin';
import {
  changeRole,
  fetchAccounts,
  fetchAppealCounts,
  fetchAppealDetail,
  fetchAppeals,
  fetchPartners,
  fetchStats,
  fetchStudents,
  markAppealsInReview,
  togglePartner,
  updateAppeal,
} from './admin-api';

/**
 * The admin area's data, one query-options factory per resource: each key is written once here, and pages and the
 * mutations below take their keys from these factories (never a hand-written array).
 */

const STATS = ['admin', 'stats'] as const;
const APPEALS = ['admin', 'appeals'] as const;
const STUDENTS = ['admin', 'students'] as const;
const PARTNERS = ['admin', 'partners'] as const;
const ACCOUNTS = ['admin', 'accounts'] as const;

/** The hub's four figures and the reference-data sets' state; read again every 3 s while a set loads in the background. */
export const adminStatsQueries = {
  all: STATS,
  figures: () =>
    queryOptions({
      queryKey: STATS,
      queryFn: ({ signal }) => fetchStats(signal),
      refetchInterval: (query) => (query.state.data?.referenceData.loading ? 3000 : false),
    }),
};

/** Appeals as staff see them: the filtered lists of the workflow, the hub's review queue and one appeal's detail. */
export const adminAppealQueries = {
  all: APPEALS,
  lists: () => [...APPEALS, 'list'] as const,
  list: (filter: { status: AppealListStatus; q: string; sort?: AppealSort; school?: string }) =>
    infiniteQueryOptions({
      queryKey: [...APPEALS, 'list', filter] as const,
      queryFn: ({ pageParam, signal }) => fetchAppeals({ ...filter, cursor: pageParam }, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
  /** The hub's "Appeals needing review": the submitted ones. */
  reviewQueue: () => queryOptions({ queryKey: [...APPEALS, 'review-queue'] as const, queryFn: ({ signal }) => fetchAppeals({ status: 'submitted' }, signal) }),
  detail: (appealId: string) =>
    queryOptions({ queryKey: [...APPEALS, 'detail', appealId] as const, queryFn: ({ signal }) => fetchAppealDetail(appealId, signal) }),
  /** The queue's figures per status (in one school when chosen) and the schools to filter by. */
  counts: (school: string) => queryOptions({ queryKey: [...APPEALS, 'counts', school] as const, queryFn: ({ signal }) => fetchAppealCounts(school, signal) }),
};

/** The student directory, searched on the server and read a page at a time. */
export const adminStudentQueries = {
  all: STUDENTS,
  directory: (q: string) =>
    infiniteQueryOptions({
      queryKey: [...STUDENTS, 'directory', q] as const,
      queryFn: ({ pageParam, signal }) => fetchStudents({ q, cursor: pageParam }, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
};

/** Partner platforms and whether each is connected. */
export const partnerQueries = {
  all: PARTNERS,
  list: () => queryOptions({ queryKey: PARTNERS, queryFn: ({ signal }) => fetchPartners(signal) }),
};

/** Accounts and their roles (Settings). */
export const adminAccountQueries = {
  all: ACCOUNTS,
  search: (q: string) => queryOptions({ queryKey: [...ACCOUNTS, q] as const, queryFn: ({ signal }) => fetchAccounts(q, signal) }),
};

/**
 * Moves an appeal on. The saved appeal replaces the old one in every cached list in place (the clerk's list keeps its
 * order and does not lose the row they are working on), and the detail, the hub's queue and its figures refresh.
 */
export function useUpdateAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAppeal,
    onSuccess: ({ appeal: updated }) => {
      queryClient.setQueriesData<InfiniteData<AdminAppealList>>({ queryKey: adminAppealQueries.lists() }, (data) => replaceAppeals(data, [updated]));
      void queryClient.invalidateQueries({ queryKey: adminAppealQueries.detail(updated.id).queryKey });
      refreshAppealFigures(queryClient);
    },
  });
}

/**
 * Bulk "Mark in review": the moved appeals replace their old selves in every cached list, as one update does; the
 * answer lists the ones left as they were, with why.
 */
export function useMarkAppealsInReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAppealsInReview,
    onSuccess: ({ updated }) => {
      queryClient.setQueriesData<InfiniteData<AdminAppealList>>({ queryKey: adminAppealQueries.lists() }, (data) => replaceAppeals(data, updated));
      for (const appeal of updated) void queryClient.invalidateQueries({ queryKey: adminAppealQueries.detail(appeal.id).queryKey });
      refreshAppealFigures(queryClient);
    },
  });
}

/** After a status change: the hub's queue, its figures and the queue's counts are read again. */
function refreshAppealFigures(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: adminAppealQueries.reviewQueue().queryKey });
  void queryClient.invalidateQueries({ queryKey: [...APPEALS, 'counts'] });
  void queryClient.invalidateQueries({ queryKey: adminStatsQueries.all });
}

function replaceAppeals(data: InfiniteData<AdminAppealList> | undefined, updated: AdminAppeal[]) {
  if (!data) return data;
  const byId = new Map(updated.map((appeal) => [appeal.id, appeal]));
  return { ...data, pages: data.pages.map((page) => ({ ...page, appeals: page.appeals.map((item) => byId.get(item.id) ?? item) })) };
}

export function useTogglePartner() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: togglePartner, onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerQueries.all }) });
}

export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeRole, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminAccountQueries.all }) });
}
