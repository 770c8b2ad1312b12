/**
 * The Transcript Upload tab of the search card. A placeholder until transcript analysis is connected:
 * it says so plainly and shows no results.
 */
export function TranscriptUploadPanel() {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-slate-50 p-6 text-center">
      <h3 className="text-lg font-semibold text-slate-900">Transcript Upload</h3>
      <p className="mt-2 text-sm text-slate-600">
        Transcript analysis is being connected. Soon you will upload a transcript (.pdf, .jpg, .jpeg or .png), choose your
        destination school and get a per-course equivalency report.
      </p>
      <p className="mt-2 text-sm text-slate-600">Until then, use Smart Search or Manual Entry to look up your courses.</p>
    </div>
  );
}
