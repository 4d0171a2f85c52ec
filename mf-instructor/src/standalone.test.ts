import path from 'node:path';
import { standalonePageTests } from '@sportify/shared-ui/testing/standalone';

// `npm run dev -w mf-instructor` alone: every screen src/screens.json declares shows at its path.
standalonePageTests(path.resolve(__dirname, '..'), () => import('./bootstrap'));
