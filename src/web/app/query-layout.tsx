import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { onAccountChange } from '../features/auth';

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});

/**
 * TanStack Query for the pages that fetch data. A lazy layout, so the home page's first download does not carry it;
 * the cache is cleared whenever the signed-in account changes.
 */
export default function QueryLayout() {
  useEffect(() => onAccountChange(() => queryClient.clear()), []);
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
