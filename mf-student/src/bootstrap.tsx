// Standalone mode (`npm run dev -w mf-student`): the screens this remote declares in screens.json, with their own store,
// router and theme.
import { renderStandalone } from '@sportify/shared-ui';
import screens from './screens.json';
import SelectedClasses from './SelectedClasses';
import EnrolledClasses from './EnrolledClasses';
import Payment from './Payment';

renderStandalone('mf-student', screens, { SelectedClasses, EnrolledClasses, Payment });
