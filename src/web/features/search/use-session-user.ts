import { useAccount } from '../auth';

/**
 * Who is signed in, for the search screens, from the app's one shared account store (no second session request).
 * `isStudent`: saved searches sync to the profile only for a student (spec section 4).
 */
export function useSessionUser() {
  const { data, isPending } = useAccount();
  const user = data ?? null;
  return { user, isStudent: user?.roles.includes('student') ?? false, isLoading: isPending };
}
