import { useSearchParams } from 'react-router';
import { buildFlags } from '../../lib/build-flags';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Thrown by /__debug?throw=1, so the render-error screen can be seen and tested in any build. It reveals nothing. */
class DebugRenderError extends Error {
  constructor() {
    super('Debug render error requested with /__debug?throw=1');
    this.name = 'DebugRenderError';
  }
}

/** /__debug: the build flags, for whoever is diagnosing a deployment. */
export default function DebugPage() {
  const [params] = useSearchParams();
  useDocumentTitle('Debug');
  if (params.get('throw') === '1') throw new DebugRenderError();
  return (
    <section className="mx-auto max-w-2xl px-5 py-12 sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900">Build flags</h1>
      <p className="mt-2 text-slate-700">The settings this build of the web app runs with.</p>
      <dl className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200">
        {Object.entries(buildFlags).map(([name, value]) => (
          <div key={name} className="flex flex-wrap justify-between gap-x-4 gap-y-1 px-4 py-3 font-mono text-sm">
            <dt className="break-all text-slate-700">{name}</dt>
            <dd className="font-semibold text-slate-900">{String(value)}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-6 text-sm text-slate-700">
        Add <code className="rounded bg-slate-100 px-1.5 py-0.5">?throw=1</code> to this address to see the error screen.
      </p>
    </section>
  );
}
