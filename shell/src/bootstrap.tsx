import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from '@sportify/shared-ui/router';
import {
  adoptShownCampDates,
  makeStore,
  setLatestConfigReader,
  setRuntimeConfig,
  setUnauthorizedHandler,
  type RootState,
} from '@sportify/shared-ui';
import { matchScreen } from '@sportify/platform/screens';
import { App } from './App';
import { hasSavedSignIn, lazyAuthService } from './auth/authService';
import { startSessionSync } from './auth/sessionSync';
import { loadConfig, loadLatestConfig } from './config/loadConfig';
import { setupFederation } from './federation/federationRuntime';
import { startPageTelemetry } from './federation/telemetry';
import { loadShellPage } from './pages/shellPages';
import { navigateOutsideReact } from './routes/AppRoutes';
import { screenRouteId } from './routes/buildRoutes';
import { createRouteTable } from './routes/liveRoutes';
import { readResolvedRoute } from './routes/resolvedRoute';
import { yieldToPage } from './yieldToPage';

const container = document.getElementById('root') as HTMLElement;

/** The store state the server rendered this page with (its session and data), if it did. */
function handedOverState(): Partial<RootState> | undefined {
  const text = document.getElementById('sportify-state')?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as Partial<RootState>;
  } catch {
    return undefined;
  }
}

/** Calls `done` once, after the first commit (in a hydration, once the server's markup has been taken over). */
function AfterFirstCommit({ done }: { done: () => void }) {
  useEffect(done, [done]);
  return null;
}

async function start() {
  // This task has evaluated the app's code: reading the config and setting up the federation start in the next.
  await yieldToPage();
  const config = await loadConfig();
  setRuntimeConfig(config);
  setLatestConfigReader(loadLatestConfig);

  const routes = createRouteTable({ initial: config, latest: loadLatestConfig });
  const telemetry = startPageTelemetry(config, () => routes.current().routes);
  const remotes = setupFederation(config.remotes, loadLatestConfig, telemetry);
  const preloadedState = handedOverState();
  const hydrating = preloadedState !== undefined;

  const savedSignIn = hasSavedSignIn(config.firebase.apiKey);
  const signedInOnServer = preloadedState?.session?.status === 'signedIn';
  // The screen at the page's URL loads now, while the app renders and the session resumes, rather than once its
  // guard lets it render. Not a signed-in screen for a visitor: the guard sends them to Login. A server-rendered
  // page says which screen it resolved the URL to; only a page the browser renders itself, where no router has run
  // yet, is matched here.
  const resolved = hydrating ? readResolvedRoute(document) : undefined;
  const landing = resolved
    ? config.routes.find((route) => resolved.some((match) => match.id === screenRouteId(route.path)))
    : matchScreen(config.routes, window.location.pathname)?.route;
  const landingLoad =
    landing && (landing.access === 'public' || savedSignIn || signedInOnServer)
      ? remotes.load(landing.remote, landing.module)
      : undefined;
  const shellPageLoad = loadShellPage(window.location.pathname);
  // Hydrating, the first render must be the server's: with the screen's code in, not its loading state. The screen's
  // code has just been evaluated in this task: the store and the hydration start in the next.
  if (hydrating) {
    await Promise.all([landingLoad, shellPageLoad]);
    await yieldToPage();
    adoptShownCampDates(container);
  }

  const auth = lazyAuthService(
    () =>
      import(/* webpackChunkName: "firebase-auth" */ './auth/firebaseAuthService').then((m) =>
        m.createFirebaseAuthService(config.firebase),
      ),
    { saved: savedSignIn },
  );
  const store = makeStore(preloadedState);
  const syncSession = () =>
    startSessionSync(auth, store.dispatch, {
      resume: savedSignIn,
      shown: signedInOnServer ? (preloadedState?.session?.user ?? null) : null,
    });

  // docs/product.md §4: a 401/403 from the API logs out and goes to /login (the call still rejects).
  // The sign-out is reported at once (the token and the saved user go) before the provider confirms it.
  setUnauthorizedHandler(async () => {
    const signingOut = auth.signOut();
    navigateOutsideReact('/login');
    await signingOut.catch((error: unknown) => console.error('Logout failed', error));
  });

  const app = (extra?: ReactNode) => (
    <StrictMode>
      <App
        store={store}
        Router={BrowserRouter}
        auth={auth}
        remotes={remotes}
        routes={routes}
        overrides={config.overrides}
        telemetry={telemetry}
        resolved={resolved}
      />
      {extra}
    </StrictMode>
  );

  if (hydrating) {
    // The session the server rendered stays until the page has hydrated (the first client render must equal the
    // server's); then it follows the auth provider.
    let started = false;
    const address = () => window.location.pathname + window.location.search + window.location.hash;
    const rendered = address();
    const hydrated = () => {
      if (started) return;
      started = true;
      // A Back or Forward while the page hydrates moves the address before the router listens for it: the router
      // would go on showing the page the server rendered under the new address.
      if (address() !== rendered) navigateOutsideReact(address(), { replace: true });
      syncSession();
    };
    // As a transition, the hydration works in slices and yields to the page between them (the server's HTML is
    // on screen meanwhile) instead of blocking input for its whole length.
    startTransition(() => {
      hydrateRoot(container, app(<AfterFirstCommit done={hydrated} />));
    });
    return;
  }

  syncSession();
  // The page shows its frame: rendering the app as a transition lets React work in slices and leave the main thread
  // free for the visitor between them.
  const root = createRoot(container);
  startTransition(() => root.render(app()));
}

start().catch((error: unknown) => {
  console.error('Sportify Camp could not start', error);
  createRoot(container).render(
    <p role="alert" style={{ padding: 24, fontFamily: 'sans-serif' }}>
      Sportify Camp could not start: the site configuration is missing or invalid. Please try again later.
    </p>,
  );
});
