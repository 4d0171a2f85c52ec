// Standalone mode (`npm run dev -w mf-student`): the screens this remote declares in screens.json, each loaded from the
// module federation.config.js exposes for it, with their own store, router and theme.
import { renderStandalone } from '@sportify/shared-ui';
import exposedModules from 'virtual:exposed-modules';
import screens from './screens.json';

renderStandalone('mf-student', screens, exposedModules);
