import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from '@sportify/shared-ui/router';
import { makeStore, setRuntimeConfig, setUnauthorizedHandler } from '@sportify/shared-ui';
import { matchScreen } from '@sportify/shared-ui/screens';
import { App } from './App';
import { hasSavedSignIn, lazyAuthService } from './auth/authService';
import { startSessionSync } from './auth/sessionSync';
import { loadConfig, loadLatestConfig, loadLatestRemotes } from './config/loadConfig';
import { setupFederation } from './federation/federationRuntime';
import { navigateOutsideReact } from './routes/AppRoutes';
import { createRouteTable } from './routes/liveRoutes';

const root = createRoot(document.getElementById('root') as HTMLElement);

async function start() {
  const config = await loadConfig();
  setRuntimeConfig(config);

  const remotes = setupFederation(config.remotes, loadLatestRemotes);
  const routes = createRouteTable({ initial: config, latest: loadLatestConfig });

  const savedSignIn = hasSavedSignIn(config.firebase.apiKey);
  // The screen at the page's URL loads now, while the app renders and the session resumes, rather than once its
  // guard lets it render. Not a signed-in screen for a visitor: the guard sends them to Login.
  const landing = matchScreen(config.routes, window.location.pathname)?.route;
  if (landing && (landing.access === 'public' || savedSignIn)) void remotes.load(landing.remote, landing.module);
  const auth = lazyAuthService(
    () =>
      import(/* webpackChunkName: "firebase-auth" */ './auth/firebaseAuthService').then((m) =>
        m.createFirebaseAuthService(config.firebase),
      ),
    { saved: savedSignIn },
  );
  const store = makeStore();

  startSessionSync(auth, store.dispatch, { resume: savedSignIn });
  // docs/product.md §4: a 401/403 from the API logs out and goes to /login (the call still rejects).
  // The sign-out is reported at once (the token and the saved user go) before the provider confirms it.
  setUnauthorizedHandler(async () => {
    const signingOut = auth.signOut();
    navigateOutsideReact('/login');
    await signingOut.catch((error: unknown) => console.error('Logout failed', error));
  });

  // The page already shows its frame (or the remote's server view): rendering the app as a transition lets React
  // work in slices and leave the main thread free for the visitor between them.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App store={store} Router={BrowserRouter} auth={auth} remotes={remotes} routes={routes} />
      </StrictMode>,
    ),
  );
}

start().catch((error: unknown) => {
  console.error('Sportify Camp could not start', error);
  root.render(
    <p role="alert" style={{ padding: 24, fontFamily: 'sans-serif' }}>
      Sportify Camp could not start: the site configuration is missing or invalid. Please try again later.
    </p>,
  );
});
