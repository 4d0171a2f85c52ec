// Standalone mode (`npm run dev -w mf-admin`): the screens of this remote with their own store, router and theme.
import { renderStandalone } from '@sportify/shared-ui';
import ManageUsers from './ManageUsers';
import ManageClasses from './ManageClasses';
import Feedback from './Feedback';
import PlatformStatus from './PlatformStatus';
import Payments from './Payments';

renderStandalone('mf-admin', [
  { path: '/dashboard/all-users', element: <ManageUsers /> },
  { path: '/dashboard/all-classes', element: <ManageClasses /> },
  { path: '/dashboard/feedback/:id', element: <Feedback /> },
  { path: '/dashboard/platform-status', element: <PlatformStatus /> },
  { path: '/dashboard/payments', element: <Payments /> },
]);
