// Standalone mode (`npm run dev -w mf-public`): the screens this remote declares in screens.json, with their own store,
// router and theme.
import { renderStandalone } from '@sportify/shared-ui';
import screens from './screens.json';
import Home from './Home';
import Instructors from './Instructors';
import Classes from './Classes';

renderStandalone('mf-public', screens, { Home, Instructors, Classes });
