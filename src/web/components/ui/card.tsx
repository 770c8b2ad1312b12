import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';

/** `pageTitle`: the card is the page (sign-in, sign-up), so its title is the page's one h1 and the tab's title. */
export function Card({
  title,
  description,
  children,
  className = '',
  pageTitle = false,
}: {
  title?: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  pageTitle?: boolean;
}) {
  const Heading = pageTitle ? 'h1' : 'h2';
  useDocumentTitle(pageTitle && title ? title : null);
  return (
    <section className={`rounded-xl border border-slate-200 bg-white p-6 shadow-sm ${className}`}>
      {title && <Heading className="text-xl font-bold text-slate-900">{title}</Heading>}
      {description && <div className="mt-1 text-sm text-slate-600">{description}</div>}
      <div className={title || description ? 'mt-5' : ''}>{children}</div>
    </section>
  );
}
