import { useEffect } from 'react';

const SITE_NAME = 'Crosswalk';

/**
 * Sets the tab title for a page: 'About Us · Crosswalk'; without a page title, the site's own. `null` leaves the title
 * to the page around (a component that is the page only sometimes, such as a card that is the page's heading).
 */
export function useDocumentTitle(pageTitle?: string | null) {
  useEffect(() => {
    if (pageTitle === null) return;
    document.title = pageTitle ? `${pageTitle} · ${SITE_NAME}` : `${SITE_NAME} — Search. Register. Transfer.`;
  }, [pageTitle]);
}
