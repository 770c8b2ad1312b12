import { lazy, Suspense, useState } from 'react';
import { useAccount } from './use-account';

const loadMenus = () => import('./auth-menus');
const AuthMenus = lazy(loadMenus);

/**
 * The navigation's account corner: 'Sign in' when signed out, the user menu when signed in.
 * The first render is a plain button; the modal and menu code loads when it is first needed.
 */
export function AuthControls({ onNavigate, focusAfterModal }: { onNavigate?: () => void; focusAfterModal?: () => HTMLElement | null }) {
  const { data: account, isPending } = useAccount();
  // Activation belongs to one account state: after signing in or out the corner starts closed again.
  const [activatedFor, setActivatedFor] = useState<string | null>(null);
  const identity = account?.id ?? 'signed-out';
  if (isPending) return <span className="inline-block h-9 w-20" aria-hidden="true" />;
  if (activatedFor === identity) {
    return (
      <Suspense fallback={<PlaceholderButton account={account ?? null} />}>
        <AuthMenus onNavigate={onNavigate} focusAfterModal={focusAfterModal} />
      </Suspense>
    );
  }
  return <PlaceholderButton account={account ?? null} onActivate={() => setActivatedFor(identity)} />;
}

function PlaceholderButton({ account, onActivate }: { account: { name: string; email: string } | null; onActivate?: () => void }) {
  const prefetch = () => void loadMenus();
  if (!account) {
    return (
      <button
        type="button"
        onClick={onActivate}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        className="rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
      >
        Sign in
      </button>
    );
  }
  return (
    <button
      type="button"
      onClick={onActivate}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      aria-haspopup="menu"
      className="flex items-center gap-2 rounded-full border border-slate-300 py-1 pr-3 pl-1 text-sm font-medium text-slate-800 hover:bg-slate-50"
    >
      <span className="flex h-7 w-7 items-center justify-center rounded-full bg-brand-700 text-xs font-bold text-white" aria-hidden="true">
        {(account.name || account.email).slice(0, 1).toUpperCase()}
      </span>
      <span className="max-w-[10rem] truncate">{account.name || account.email}</span>
      <span className="sr-only">Account menu</span>
    </button>
  );
}
