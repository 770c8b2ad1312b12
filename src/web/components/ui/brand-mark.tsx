/** Crosswalk's mark: a crossing of paths on the brand blue (the same drawing as public/favicon.svg). */
export function BrandMark({ className = '' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={className}>
      <rect width="32" height="32" rx="7" fill="#1e3a8a" />
      <path d="M8 10h16M8 16h16M8 22h16" stroke="#fbbf24" strokeWidth="3" strokeLinecap="round" />
      <path d="M13 7v18M19 7v18" stroke="#fff" strokeWidth="2" strokeLinecap="round" opacity=".8" />
    </svg>
  );
}
