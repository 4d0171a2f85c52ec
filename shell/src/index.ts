import { fetchConfigJson } from './config/fetchConfigJson';
import { hintCurrentRemote } from './federation/earlyHints';

// Start the config and the current page's remote downloads while the shared libraries are negotiated.
fetchConfigJson().then(hintCurrentRemote, () => undefined);

// Async boundary: shared singletons are negotiated before any app code runs.
import('./bootstrap');
