import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** The spec's render-error screen: 'Something went wrong' with the error message. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-6 py-16 text-center" role="alert">
      <h1 className="text-3xl font-bold text-slate-900">Something went wrong</h1>
      <p className="rounded-md bg-red-50 px-4 py-3 font-mono text-sm break-words text-red-800">{message}</p>
      <Link to="/" className="font-semibold text-brand-700 underline">
        Return to Home
      </Link>
    </main>
  );
}
