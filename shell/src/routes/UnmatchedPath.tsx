import { createContext, useContext, useEffect, useState } from 'react';
import { useLocation, type Location } from '@sportify/shared-ui/router';
import { Spinner } from '@sportify/shared-ui';
import { NotFoundPage } from '../pages/NotFound/NotFoundPage';
import { useRouteTable } from './liveRoutes';

/** The location the document was loaded at: its route table came with it, so it needs no second read. */
export const DocumentLocationContext = createContext<Location | null>(null);

/**
 * A path the route table does not match. After a navigation the table is read again first (a promote may have added
 * the screen since the page loaded); Page not found only once the live table does not match it either.
 */
export function UnmatchedPath() {
  const table = useRouteTable();
  const location = useLocation();
  const documentLocation = useContext(DocumentLocationContext);
  const [checked, setChecked] = useState<Location | null>(documentLocation);
  useEffect(() => {
    if (checked === location) return;
    let current = true;
    void table.refresh(true).then(() => current && setChecked(location));
    return () => {
      current = false;
    };
  }, [table, location, checked]);
  // A table that now matches the path replaces this route before `checked` is set.
  if (checked !== location) return <Spinner label="Loading page" />;
  return <NotFoundPage />;
}
