import { useQuery } from '@tanstack/react-query';
import { hasRole } from '@shared/roles';
import { apiFetch } from '../../lib/api-client';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role?: string | null;
}

export const SESSION_QUERY_KEY = ['auth', 'session'] as const;

/**
 * Who is signed in, from better-auth's `GET /api/auth/get-session` (null when signed out).
 * `isStudent`: saved searches sync to the profile only for a student (spec section 4).
 */
export function useSessionUser() {
  const query = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: async () => (await apiFetch<{ user: SessionUser } | null>('/api/auth/get-session'))?.user ?? null,
    staleTime: 60_000,
    retry: false,
  });
  const user = query.data ?? null;
  return { user, isStudent: hasRole(user, 'student'), isLoading: query.isPending };
}
