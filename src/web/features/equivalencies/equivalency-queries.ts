import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InstitutionCreateInput } from '@shared/schemas/equivalencies';
import { createInstitution, fetchPathways, fetchSchoolsOverview, fetchTransferData, listInstitutions, updateInstitution, uploadRulesCsv, type RulesUploadOptions } from './equivalency-api';

/** The equivalency data staff keep, one factory per resource; each key is written once, here. */

const INSTITUTIONS = ['institutions'] as const;
const OVERVIEWS = ['equivalency-overviews'] as const;

/** Schools with their aliases, searched by name, key or alias ('' for all). */
export const institutionQueries = {
  all: INSTITUTIONS,
  search: (q: string) => queryOptions({ queryKey: [...INSTITUTIONS, q] as const, queryFn: ({ signal }) => listInstitutions(q, signal) }),
};

/** What the data adds up to: Transfer Data Overview, Partner Schools and Programs & Pathways. */
export const equivalencyOverviewQueries = {
  all: OVERVIEWS,
  transferData: () => queryOptions({ queryKey: [...OVERVIEWS, 'transfer-data'] as const, queryFn: ({ signal }) => fetchTransferData(signal) }),
  schools: () => queryOptions({ queryKey: [...OVERVIEWS, 'schools'] as const, queryFn: ({ signal }) => fetchSchoolsOverview(signal) }),
  pathways: () => queryOptions({ queryKey: [...OVERVIEWS, 'pathways'] as const, queryFn: ({ signal }) => fetchPathways(signal) }),
};

/** After a change to schools or rules, the school list and every overview are read again. */
function useRefreshEquivalencyData() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: INSTITUTIONS });
    void queryClient.invalidateQueries({ queryKey: OVERVIEWS });
  };
}

/** Adds a school, or changes one when `id` is given. */
export function useSaveInstitution() {
  const refresh = useRefreshEquivalencyData();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: InstitutionCreateInput }) => (id === null ? createInstitution(input) : updateInstitution(id, input)),
    onSuccess: refresh,
  });
}

/** Checks a rules CSV (dry run) or stores it; a stored file refreshes the school list and the overviews. */
export function useImportRules() {
  const refresh = useRefreshEquivalencyData();
  return useMutation({
    mutationFn: ({ csv, ...options }: RulesUploadOptions & { csv: string | Blob }) => uploadRulesCsv(csv, options),
    onSuccess: (result) => {
      if (result.saved) refresh();
    },
  });
}
