import { useEffect } from 'react';

const SITE_NAME = 'Crosswalk';

/** Sets the tab title for a page: 'About Us · Crosswalk'; without a page title, the site's own. */
export function useDocumentTitle(pageTitle?: string) {
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${SITE_NAME}` : `${SITE_NAME} — Search. Register. Transfer.`;
  }, [pageTitle]);
}
