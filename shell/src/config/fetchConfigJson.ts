// Dependency-free on purpose: index.ts uses it before the shared libraries are negotiated.
let pending: Promise<unknown> | null = null;

/** The config the page server inlined into the page (page-server/), if any. */
function inlineConfig(): unknown {
  const element = typeof document === 'undefined' ? null : document.getElementById('sportify-config');
  return element?.textContent ? JSON.parse(element.textContent) : undefined;
}

/** The runtime config once per page: inlined in index.html, else GET /config.json (the dev server's case). */
export function fetchConfigJson(url = '/config.json'): Promise<unknown> {
  pending ??= Promise.resolve().then(
    () =>
      inlineConfig() ??
      fetch(url).then((response) => {
        if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
        return response.json() as Promise<unknown>;
      }),
  );
  return pending;
}
