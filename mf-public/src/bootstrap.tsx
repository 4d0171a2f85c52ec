// Standalone mode (`npm run dev -w mf-public`): the screens of this remote with their own store, router and theme.
import { renderStandalone } from '@sportify/shared-ui';
import Home from './Home';
import Instructors from './Instructors';
import Classes from './Classes';

renderStandalone('mf-public', [
  { path: '/', element: <Home /> },
  { path: '/instructors', element: <Instructors /> },
  { path: '/classes', element: <Classes /> },
]);
