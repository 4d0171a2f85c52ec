export interface ReleasePickerOptions {
  /** Federation name -> manifest URL, from the config.json this page started with. */
  initial: Record<string, string>;
  /** The remotes map of config.json as served now (the registry may have moved since the page loaded). */
  latest: () => Promise<Record<string, string>>;
  /** Points the federation runtime at another manifest URL for a remote. */
  register: (remote: string, entry: string) => void;
  /** How long the page's own config counts as current (a first visit right after load asks nothing). */
  maxAgeMs?: number;
  now?: () => number;
}

export interface ReleasePicker {
  /** Resolves once `remote` is registered at the release to load; never rejects (offline keeps the page's URL). */
  pick(remote: string): Promise<void>;
  /** The manifest URL the page uses for `remote`. */
  entry(remote: string): string | undefined;
}

/**
 * Chooses the release each remote loads from. A remote's first use in a page takes the release live at that moment
 * (`npm run promote` / `rollback` may have switched it since the page loaded); from then on the page keeps it, since
 * two builds of one remote cannot share a page (same container name, chunk ids and injected endpoints). Its lazy
 * chunks stay reachable because releases are immutable and kept. A new document load takes the live release.
 */
export function createReleasePicker({
  initial,
  latest,
  register,
  maxAgeMs = 2000,
  now = Date.now,
}: ReleasePickerOptions): ReleasePicker {
  const entries = new Map(Object.entries(initial));
  const loadedAt = now();
  const picked = new Map<string, Promise<void>>();

  const refresh = async (remote: string) => {
    if (now() - loadedAt < maxAgeMs) return;
    try {
      const url = (await latest())[remote];
      if (url && url !== entries.get(remote)) {
        entries.set(remote, url);
        register(remote, url);
      }
    } catch {
      // Config unreachable for a moment: load the release the page started with (it is kept).
    }
  };

  return {
    pick(remote) {
      let pending = picked.get(remote);
      if (!pending) {
        pending = refresh(remote);
        picked.set(remote, pending);
      }
      return pending;
    },
    entry: (remote) => entries.get(remote),
  };
}
