// Standalone mode (`npm run dev -w mf-admin`): the screens this remote declares in screens.json, with their own store,
// router and theme.
import { renderStandalone } from '@sportify/shared-ui';
import screens from './screens.json';
import ManageUsers from './ManageUsers';
import ManageClasses from './ManageClasses';
import Feedback from './Feedback';
import PlatformStatus from './PlatformStatus';
import Payments from './Payments';

renderStandalone('mf-admin', screens, { ManageUsers, ManageClasses, Feedback, PlatformStatus, Payments });
