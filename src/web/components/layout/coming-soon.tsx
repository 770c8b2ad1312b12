/** The spec's 'Coming Soon' placeholder, for pages a later piece of work fills. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <section className="mx-auto flex min-h-[50vh] max-w-2xl flex-col items-center justify-center gap-3 px-6 py-16 text-center">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{title}</p>
      <h1 className="text-4xl font-bold text-slate-900">Coming Soon</h1>
      <p className="text-slate-600">We are building this page. Check back shortly.</p>
    </section>
  );
}
