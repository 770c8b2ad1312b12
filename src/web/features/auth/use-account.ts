import { useEffect, useSyncExternalStore } from 'react';
import type { Account } from '@shared/schemas/accounts';
import { fetchAccount } from './account-request';

/**
 * Who is signed in, shared by every component that asks, with one request. A tiny store rather than TanStack Query
 * because the navigation needs it on every page and the home page's first download must stay small; the data
 * pages (lazy) use TanStack Query and clear their cache when the account changes (onAccountChange).
 */
type AccountState = { status: 'idle' | 'pending' | 'ready' | 'error'; account: Account | null };

let state: AccountState = { status: 'idle', account: null };
const listeners = new Set<() => void>();
const accountChangeListeners = new Set<() => void>();
let inFlight: Promise<void> | null = null;

function setState(next: AccountState) {
  state = next;
  listeners.forEach((listener) => listener());
}

function load(): Promise<void> {
  inFlight ??= fetchAccount()
    .then((account) => {
      const changed = account?.id !== state.account?.id || account?.roles.join() !== state.account?.roles.join();
      setState({ status: 'ready', account });
      if (changed) accountChangeListeners.forEach((listener) => listener());
    })
    .catch(() => setState({ status: 'error', account: null }))
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useAccount(): { data: Account | null | undefined; isPending: boolean; isError: boolean } {
  const snapshot = useSyncExternalStore(subscribe, () => state);
  useEffect(() => {
    if (state.status === 'idle') {
      state = { ...state, status: 'pending' };
      void load();
    }
  }, []);
  const isPending = snapshot.status === 'idle' || snapshot.status === 'pending';
  return { data: isPending ? undefined : snapshot.account, isPending, isError: snapshot.status === 'error' };
}

/**
 * After sign-in, sign-out or a role change: fetch the account again (and let data pages drop what they cached).
 * Answers who is signed in now (null: nobody).
 */
export function useRefreshAccount() {
  return async (): Promise<Account | null> => {
    // A load that started before the change may answer for before it: wait for it, then ask afresh.
    if (inFlight) await inFlight;
    await load();
    accountChangeListeners.forEach((listener) => listener());
    return state.account;
  };
}

/** Data pages clear their cache here so one person's data never shows after another signs in on the same device. */
export function onAccountChange(listener: () => void): () => void {
  accountChangeListeners.add(listener);
  return () => accountChangeListeners.delete(listener);
}
