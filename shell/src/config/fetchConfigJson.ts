// Dependency-free on purpose: index.ts uses it before the shared libraries are negotiated.
let pending: Promise<unknown> | null = null;

/** GET /config.json once per page (the HTML preloads it; bootstrap and the early hints share this promise). */
export function fetchConfigJson(url = '/config.json'): Promise<unknown> {
  pending ??= fetch(url).then((response) => {
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return response.json() as Promise<unknown>;
  });
  return pending;
}
