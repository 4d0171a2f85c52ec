// A server-side first view of one of mf-public's screens. The shell's static server composes it into index.html
// (scripts/lib/first-view.mjs), so a visitor sees this remote's real screen, with data, before any script has run;
// the browser's React then renders the same components over it (shared-ui's ListState `firstView`).
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet } from 'styled-components';
// The server bundle holds one copy of everything, so the router's server-only StaticRouter shares its context.
// eslint-disable-next-line no-restricted-imports
import { StaticRouter } from 'react-router-dom';
import { AppProviders, makeStore, setRuntimeConfig } from '@sportify/shared-ui';
import { homeFirstView } from '../Home/homeFirstView';

const SCREENS = [homeFirstView];

export interface FirstView {
  /** The style elements the markup needs (styled-components' server sheet). */
  css: string;
  /** The screen's markup. */
  html: string;
}

/**
 * The first view of `pathname` rendered with fresh data from the API, or null when this remote has no server view
 * of it or a read failed (the page then starts from its skeleton, and the browser reports the error as usual).
 */
export async function renderFirstView({
  pathname,
  apiUrl,
}: {
  pathname: string;
  apiUrl: string;
}): Promise<FirstView | null> {
  const screen = SCREENS.find((candidate) => candidate.path === pathname);
  if (!screen) return null;
  setRuntimeConfig({
    apiUrl,
    firebase: { apiKey: '', authDomain: '', projectId: '' },
    stripePublishableKey: '',
    remotes: {},
  });
  const store = makeStore();
  if (!(await screen.load(store))) return null;
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(
      sheet.collectStyles(
        <AppProviders store={store}>
          <StaticRouter location={pathname}>{screen.element}</StaticRouter>
        </AppProviders>,
      ),
    );
    return { css: sheet.getStyleTags(), html };
  } finally {
    sheet.seal();
  }
}
