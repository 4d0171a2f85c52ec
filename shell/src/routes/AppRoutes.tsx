import { useEffect } from 'react';
import { useNavigate, useRoutes } from '@sportify/shared-ui/router';
import { buildRoutes } from './buildRoutes';

const routes = buildRoutes();

/** The route tree of docs/product.md §2 under whichever router wraps it (BrowserRouter on the page). */
export function AppRoutes() {
  return useRoutes(routes);
}

let navigateTo: ((path: string) => void) | null = null;

/** Lets code outside React (the API's 401 handler) navigate with the page's router. */
export function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    navigateTo = (path) => void navigate(path);
    return () => {
      navigateTo = null;
    };
  }, [navigate]);
  return null;
}

/** Navigates within the app when it is mounted, else loads the path. */
export function navigateOutsideReact(path: string): void {
  if (navigateTo) navigateTo(path);
  else window.location.assign(path);
}
