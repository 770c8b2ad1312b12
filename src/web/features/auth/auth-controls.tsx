import { Link } from 'react-router';

/**
 * The navigation's account corner: 'Sign in' when signed out, the user menu when signed in.
 * The accounts work replaces this with the Sign in modal and the user menu.
 */
export function AuthControls({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Link to="/student/login" onClick={onNavigate} className="rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800">
      Sign in
    </Link>
  );
}
