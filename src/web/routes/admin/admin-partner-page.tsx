import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { partnerQueries, useTogglePartner } from '../../features/admin';
import { formatDate } from '../../lib/format-date';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The partner-integration page (spec section 2): figures are labelled as demo figures until a partner is connected. */
export default function AdminPartnerPage() {
  useDocumentTitle('Partner API');
  const partners = useQuery(partnerQueries.list());
  const toggle = useTogglePartner();
  return (
    <section className="flex flex-col gap-5">
      <header>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Partner API</h1>
        <p className="mt-1 text-slate-600">Connect a partner platform to share student transfer data with it.</p>
      </header>
      {partners.isPending && <p role="status">Loading…</p>}
      {partners.isError && <Alert tone="error">Unable to load partners.</Alert>}
      {toggle.isError && <Alert tone="error">{toggle.error.message}</Alert>}
      {partners.data?.partners.map((partner) => (
        <article key={partner.partner} className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div>
              <h2 className="text-xl font-bold text-slate-900">{partner.name}</h2>
              <p className="text-sm text-slate-600">
                {partner.status === 'connected'
                  ? `Connected${partner.connectedAt ? ` since ${formatDate(partner.connectedAt)}` : ''}`
                  : 'Not connected'}
              </p>
            </div>
            <Button variant={partner.status === 'connected' ? 'secondary' : 'primary'} disabled={toggle.isPending} onClick={() => toggle.mutate(partner.partner)}>
              {partner.status === 'connected' ? 'Disconnect' : 'Connect'}
            </Button>
          </div>
          {partner.figuresAreDemo ? (
            <div>
              <p className="mb-2 inline-block rounded-md bg-amber-50 px-2 py-1 text-sm font-semibold text-amber-900 ring-1 ring-amber-200">
                Demo figures — no partner connected
              </p>
              <dl className="grid gap-3 sm:grid-cols-3">
                {partner.figures.map((figure) => (
                  <div key={figure.label} className="rounded-lg bg-slate-50 p-3">
                    <dt className="text-sm text-slate-600">{figure.label}</dt>
                    <dd className="text-2xl font-bold text-slate-500">{figure.value}</dd>
                  </div>
                ))}
              </dl>
            </div>
          ) : (
            <p className="text-slate-700">The connection is recorded. Figures appear here once {partner.name} starts sending data.</p>
          )}
        </article>
      ))}
    </section>
  );
}
