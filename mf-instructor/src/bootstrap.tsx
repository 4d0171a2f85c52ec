// Standalone mode (`npm run dev -w mf-instructor`): the screens of this remote with their own store, router and theme.
import { renderStandalone } from '@sportify/shared-ui';
import AddClass from './AddClass';
import MyClasses from './MyClasses';
import UpdateClass from './UpdateClass';

renderStandalone('mf-instructor', [
  { path: '/dashboard/add-class', element: <AddClass /> },
  { path: '/dashboard/my-classes', element: <MyClasses /> },
  { path: '/dashboard/update-class/:id', element: <UpdateClass /> },
]);
