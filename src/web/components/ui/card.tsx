import type { ReactNode } from 'react';

export function Card({ title, description, children, className = '' }: { title?: string; description?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section className={`rounded-xl border border-slate-200 bg-white p-6 shadow-sm ${className}`}>
      {title && <h2 className="text-xl font-bold text-slate-900">{title}</h2>}
      {description && <div className="mt-1 text-sm text-slate-600">{description}</div>}
      <div className={title || description ? 'mt-5' : ''}>{children}</div>
    </section>
  );
}
