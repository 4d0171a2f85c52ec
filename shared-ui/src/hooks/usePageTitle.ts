import { useEffect } from 'react';

export const SITE_NAME = 'Sportify Camp';

export const formatTitle = (page: string) => `${SITE_NAME} || ${page}`;

/** Sets document.title to 'Sportify Camp || <page>' while the caller is mounted. */
export function usePageTitle(page: string): void {
  useEffect(() => {
    document.title = formatTitle(page);
  }, [page]);
}
