import type { Account } from '@shared/schemas/accounts';

/**
 * Who is signed in. Kept free of zod and the auth forms because every page's navigation needs it:
 * the entry chunk must stay small on a phone.
 */
export async function fetchAccount(): Promise<Account | null> {
  const response = await fetch('/api/account/session', { credentials: 'same-origin' });
  if (!response.ok) throw new Error('Could not check your sign-in. Please reload.');
  const { account: body } = (await response.json()) as { account: Partial<Account> | null };
  if (!body) return null;
  if (typeof body.id !== 'string' || typeof body.email !== 'string') throw new Error('Unexpected account answer');
  return {
    id: body.id,
    email: body.email,
    name: typeof body.name === 'string' ? body.name : '',
    roles: Array.isArray(body.roles) ? body.roles.filter((role): role is string => typeof role === 'string') : [],
    twoFactorEnabled: body.twoFactorEnabled === true,
  };
}
