import type { AppStore } from '@sportify/shared-ui';
import { homeApi } from './homeApi';
import { HomePage } from './HomePage';

/** Home as a server-side first view (src/server): its three reads, then the page as the browser renders it. */
export const homeFirstView = {
  path: '/',
  async load(store: AppStore): Promise<boolean> {
    const { getPopularClasses, getPopularInstructors, getPublicAdmins } = homeApi.endpoints;
    const results = await Promise.all([
      store.dispatch(getPopularClasses.initiate()),
      store.dispatch(getPopularInstructors.initiate()),
      store.dispatch(getPublicAdmins.initiate()),
    ]);
    return results.every((result) => result.isSuccess);
  },
  element: <HomePage />,
};
