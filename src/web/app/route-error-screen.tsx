import { TriangleAlert } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../lib/use-document-title';

/** Catches a render error anywhere below it; `resetKey` (the path) clears it when the visitor navigates away. */
export class RenderErrorBoundary extends Component<{ resetKey: string; children: ReactNode }, { error: unknown; key: string }> {
  override state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { error: unknown; key: string }) {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Render error', error, info.componentStack);
  }

  override render() {
    return this.state.error ? <RouteErrorScreen error={this.state.error} /> : this.props.children;
  }
}

/** The spec's render-error screen: 'Something went wrong' with the error message. */
export function RouteErrorScreen({ error }: { error: unknown }) {
  useDocumentTitle('Something went wrong');
  const message = error instanceof Error ? error.message : String(error);
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-6 py-16 text-center" role="alert">
      <span className="inline-flex size-16 items-center justify-center rounded-2xl bg-red-100 text-red-800">
        <TriangleAlert aria-hidden="true" className="size-8" />
      </span>
      <h1 className="mt-6 text-3xl font-bold text-slate-900">Something went wrong</h1>
      <p className="mt-4 w-full rounded-lg bg-red-50 px-4 py-3 font-mono text-sm break-words text-red-900 ring-1 ring-red-200">{message}</p>
      <p className="mt-4 text-slate-700">Try again in a moment. If it keeps happening, let us know what you were doing.</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
        >
          Reload the page
        </button>
        <Link to="/" className="rounded-lg px-5 py-3 font-semibold text-brand-800 ring-1 ring-slate-300 hover:bg-slate-50">
          Return to Home
        </Link>
      </div>
    </section>
  );
}
