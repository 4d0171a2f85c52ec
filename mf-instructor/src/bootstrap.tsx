// Standalone mode (`npm run dev -w mf-instructor`): the screens this remote declares in screens.json, with their own store,
// router and theme.
import { renderStandalone } from '@sportify/shared-ui';
import screens from './screens.json';
import AddClass from './AddClass';
import MyClasses from './MyClasses';
import UpdateClass from './UpdateClass';

renderStandalone('mf-instructor', screens, { AddClass, MyClasses, UpdateClass });
