// The one reader of config.json, for the page and for the live table alike. Dependency-free on purpose: index.ts
// uses it before the shared libraries are negotiated.
const CONFIG_URL = '/config.json';

let forPage: Promise<unknown> | null = null;
let latest: Promise<unknown> | null = null;

/** The config the page server inlined into the page (page-server/), if any. */
function inlineConfig(): unknown {
  const element = typeof document === 'undefined' ? null : document.getElementById('sportify-config');
  return element?.textContent ? JSON.parse(element.textContent) : undefined;
}

function get(init?: RequestInit): Promise<unknown> {
  return fetch(CONFIG_URL, init).then((response) => {
    if (!response.ok) throw new Error(`${CONFIG_URL}: HTTP ${response.status}`);
    return response.json() as Promise<unknown>;
  });
}

/** The runtime config once per page: inlined in index.html, else GET /config.json (the dev server's case). */
export function fetchConfigJson(): Promise<unknown> {
  forPage ??= Promise.resolve().then(() => inlineConfig() ?? get());
  return forPage;
}

/** config.json as served now, past every cache; whoever asks while it is on its way shares the one request. */
export function fetchLatestConfigJson(): Promise<unknown> {
  latest ??= get({ cache: 'no-cache' }).finally(() => {
    latest = null;
  });
  return latest;
}
