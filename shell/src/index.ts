import { fetchConfigJson } from './config/fetchConfigJson';
import { yieldToPage } from './yieldToPage';

// Read the config (inline in the page) while the shared libraries are negotiated.
fetchConfigJson().catch(() => undefined);

// Async boundary: shared singletons are negotiated before any app code runs. (In the production build this script
// itself runs once the page's HTML has been painted: StartupPreloadPlugin of @sportify/build.)
// In one task the libraries' start-up code blocks input for its whole length; evaluated one library per task,
// with a yield between them, each task stays short. The order is the bootstrap's.
const LIBRARIES = [
  () => import('react-dom/client'),
  () => import('styled-components'),
  () => import('@reduxjs/toolkit'),
  () => import('react-redux'),
  () => import('@reduxjs/toolkit/query/react'),
  () => import('@sportify/shared-ui/router'),
  () => import('@sportify/shared-ui'),
];
async function startInStages() {
  // main.js has just set up the federation runtime in this task: the first library starts in the next.
  await yieldToPage();
  for (const library of LIBRARIES) {
    await library().catch(() => undefined);
    await yieldToPage();
  }
  await import('./bootstrap');
}
void startInStages();
