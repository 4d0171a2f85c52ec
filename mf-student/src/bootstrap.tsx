// Standalone mode (`npm run dev -w mf-student`): the screens of this remote with their own store, router and theme.
import { renderStandalone } from '@sportify/shared-ui';
import SelectedClasses from './SelectedClasses';
import EnrolledClasses from './EnrolledClasses';
import Payment from './Payment';

renderStandalone('mf-student', [
  { path: '/dashboard/selected-classes', element: <SelectedClasses /> },
  { path: '/dashboard/enrolled-classes', element: <EnrolledClasses /> },
  { path: '/dashboard/payment/:id', element: <Payment /> },
]);
