import { buildFlags } from '../../lib/build-flags';

/** /__debug: the build flags, for whoever is diagnosing a deployment. */
export default function DebugPage() {
  return (
    <section className="mx-auto max-w-2xl px-6 py-12">
      <h1 className="text-2xl font-bold text-slate-900">Build flags</h1>
      <dl className="mt-6 divide-y divide-slate-200 rounded-lg border border-slate-200">
        {Object.entries(buildFlags).map(([name, value]) => (
          <div key={name} className="flex justify-between gap-4 px-4 py-3 font-mono text-sm">
            <dt className="text-slate-600">{name}</dt>
            <dd className="font-semibold text-slate-900">{String(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
