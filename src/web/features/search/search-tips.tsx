/** Shown before any search (spec section 2). */
export function SearchTips() {
  return (
    <section aria-labelledby="search-tips-heading" className="grid gap-4 sm:grid-cols-2">
      <h2 id="search-tips-heading" className="sr-only">
        Search tips
      </h2>
      <div className="rounded-xl border border-slate-200 bg-white p-5">
        <h3 className="font-semibold text-slate-900">Smart Search tips</h3>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-600">
          <li>Say where you are and where you are going: “from Valencia College to FSU”.</li>
          <li>Name the course or its code: “Calculus 1”, “ECO 2013”, “U DEL: ECON101”.</li>
          <li>Typos are fine: “macroeconomcs” still finds Principles of Macroeconomics.</li>
        </ul>
      </div>
      <div className="rounded-xl border border-slate-200 bg-white p-5">
        <h3 className="font-semibold text-slate-900">Manual Entry tips</h3>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-600">
          <li>Pick your current and target schools to see what transfers between them.</li>
          <li>Choose a subject, then enter the class name or number you need.</li>
          <li>Narrow by delivery format, term, state or public/private.</li>
        </ul>
      </div>
    </section>
  );
}
