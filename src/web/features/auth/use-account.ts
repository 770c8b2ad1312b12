import { useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchAccount } from './account-request';

export const ACCOUNT_QUERY_KEY = ['account'] as const;

/** Who is signed in (null when nobody is). One request, shared by every component that asks. */
export function useAccount() {
  return useQuery({ queryKey: ACCOUNT_QUERY_KEY, queryFn: fetchAccount, staleTime: 60_000 });
}

/** After sign-in, sign-out or a role change, everything that depends on the account is fetched again. */
export function useRefreshAccount() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries();
    await queryClient.refetchQueries({ queryKey: ACCOUNT_QUERY_KEY });
  };
}
