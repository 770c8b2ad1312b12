import { X } from 'lucide-react';
import { Dialog, DropdownMenu } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { signOut } from './auth-api';
import { SignInForm } from './sign-in-form';
import { useAccount } from './use-account';

/**
 * The Sign in modal and the user menu: loaded on first use (see auth-controls.tsx), then opened at once,
 * so Radix and the forms stay out of every page's first download. `onNavigate` closes the phone's menu: after a link,
 * and when the modal opens (the menu would otherwise stay open behind it). `focusAfterModal`: where focus goes when the
 * modal closes and its Sign in button is hidden in that closed menu.
 */
export default function AuthMenus({ onNavigate, focusAfterModal }: { onNavigate?: () => void; focusAfterModal?: () => HTMLElement | null }) {
  const { data: account, isPending } = useAccount();
  const [open, setOpen] = useState(true);
  const [menuOpen, setMenuOpen] = useState(true);
  const navigate = useNavigate();
  const signInButton = useRef<HTMLButtonElement>(null);
  const modalOpen = !account && open;
  useEffect(() => {
    if (modalOpen) onNavigate?.();
  }, [modalOpen, onNavigate]);

  if (isPending) return <span className="inline-block h-9 w-20" aria-hidden="true" />;

  if (!account) {
    return (
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Trigger asChild>
          <button ref={signInButton} type="button" className="rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50">
            Sign in
          </button>
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
          <Dialog.Content
            onCloseAutoFocus={(event) => {
              // Back to the Sign in button; when the closed phone menu hides it, to what the navigation offers instead.
              const trigger = signInButton.current;
              const target = trigger && trigger.getClientRects().length > 0 ? trigger : (focusAfterModal?.() ?? trigger);
              if (!target) return;
              event.preventDefault();
              target.focus();
            }}
            className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none"
          >
            <Dialog.Title className="text-xl font-bold text-slate-900">Sign in to Crosswalk</Dialog.Title>
            <Dialog.Description className="mt-1 mb-5 text-sm text-slate-600">Save searches, keep transcripts and track your appeals.</Dialog.Description>
            <SignInForm
              onSignedIn={() => {
                setOpen(false);
                onNavigate?.();
                navigate('/student');
              }}
            />
            <Dialog.Close className="absolute top-2 right-2 inline-flex size-11 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100" aria-label="Close">
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    );
  }

  const isAdmin = account.roles.includes('admin');
  const itemClass = 'block cursor-pointer rounded px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-brand-50';
  return (
    <DropdownMenu.Root open={menuOpen} onOpenChange={setMenuOpen}>
      <DropdownMenu.Trigger className="flex items-center gap-2 rounded-full border border-slate-300 py-1 pr-3 pl-1 text-sm font-medium text-slate-800 hover:bg-slate-50">
        <span className="flex h-7 w-7 items-center justify-center rounded-full bg-brand-700 text-xs font-bold text-white" aria-hidden="true">
          {(account.name || account.email).slice(0, 1).toUpperCase()}
        </span>
        <span className="max-w-[10rem] truncate">{account.name || account.email}</span>
        <span className="sr-only">Account menu</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className="z-50 min-w-52 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
          <DropdownMenu.Label className="px-3 py-2 text-xs text-slate-600">{account.email}</DropdownMenu.Label>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/student" onClick={onNavigate}>
              Student hub
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/student/profile" onClick={onNavigate}>
              Profile
            </Link>
          </DropdownMenu.Item>
          {isAdmin && (
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to="/admin" onClick={onNavigate}>
                Admin area
              </Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item
            className={itemClass}
            onSelect={async () => {
              await signOut().catch(() => undefined);
              onNavigate?.();
              // A full page load, not a client-side navigation: nothing of the signed-out student's data stays in
              // memory (the query cache), and the page being left never re-renders as signed out on its way to /.
              window.location.assign('/');
            }}
          >
            Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
