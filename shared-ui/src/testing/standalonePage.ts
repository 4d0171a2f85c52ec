// A remote's check of its standalone page (`npm run dev -w <remote>`), run by its jest tests: every screen its
// screens.json declares shows on that page at its own path.
import { createRequire } from 'node:module';
import path from 'node:path';
import { screen } from '@testing-library/react';
import type { ScreenDeclaration } from '@sportify/platform/screens';
import { readScreensJson } from './screensJson';

/** What a `:param` of a declared path is opened with: an id shaped like the API's. */
const SAMPLE_PARAM = '665f1c2e8b3a4d0012345678';

const PAGE_LOAD_TIMEOUT_MS = 30_000;

/** A declared path with each `:param` filled in, e.g. /dashboard/payment/665f... */
const samplePath = (pattern: string) => pattern.replace(/:\w+/g, SAMPLE_PARAM);

/**
 * One test per screen of the remote in `pkgDir`: its standalone page, opened at the screen's path, shows the screen
 * (a heading of its own: the page's bar has none, and neither has its "pick a screen", nor the note in the place of a
 * screen that could not be shown), not a start-up error or an empty page. `loadPage` imports the
 * remote's `src/bootstrap.tsx`, which renders the page when it runs. Each test is a fresh page load: the page and
 * everything it imports run again in a module registry of their own, with the API answered by `mockApi` (nothing
 * is found) and `fetch` (the shell origin's JSON) answering 404.
 */
export function standalonePageTests(pkgDir: string, loadPage: () => Promise<unknown>): void {
  const remote = path.basename(pkgDir);
  const screens = readScreensJson(pkgDir) as ScreenDeclaration[];
  // Taken from each test's fresh registry: the copies the page itself runs with.
  const load = createRequire(__filename);

  describe(`${remote} standalone page`, () => {
    let restoreHttp = () => {};
    let unmount = () => {};
    beforeEach(() => {
      document.body.innerHTML = '<div id="root"></div>';
      jest.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response('{}', { status: 404 }));
    });
    afterEach(() => {
      unmount();
      restoreHttp();
      unmount = restoreHttp = () => {};
      jest.restoreAllMocks();
      document.body.innerHTML = '';
    });

    it.each(screens.map((declared) => [declared.module, samplePath(declared.path)]))(
      'shows %s at %s',
      async (_module, url) => {
        window.history.replaceState(null, '', url);
        await jest.isolateModulesAsync(async () => {
          const { act } = load('react') as typeof import('react');
          const { mockApi } = load('./mockApi') as typeof import('./mockApi');
          restoreHttp = mockApi({}).restore;
          // The page's root, to unmount it after the test (its timers and subscriptions end with it).
          const client = load('react-dom/client') as typeof import('react-dom/client');
          const createRoot = client.createRoot;
          jest.spyOn(client, 'createRoot').mockImplementation((...args) => {
            const root = createRoot(...args);
            unmount = () => act(() => root.unmount());
            return root;
          });
          await act(async () => {
            await loadPage();
          });
        });
        expect(window.location.pathname).toBe(url);
        // The screen's code loads only now, on a cold cache compiled first: more than findBy's second.
        const headings = await screen.findAllByRole('heading', {}, { timeout: PAGE_LOAD_TIMEOUT_MS / 2 });
        expect(headings.length).toBeGreaterThan(0);
      },
      // A whole page load: every module it imports runs again (not a speed budget).
      PAGE_LOAD_TIMEOUT_MS,
    );
  });
}
