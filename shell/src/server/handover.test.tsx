import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { render, screen, waitFor } from '@testing-library/react';
import { api, makeStore, type AppStore } from '@sportify/shared-ui';
import { mockApi } from '@sportify/shared-ui/testing';
import { handoverState } from './handover';

const camp = api.injectEndpoints({
  endpoints: (build) => ({
    getCampNews: build.query<{ title: string }[], void>({ query: () => ({ url: '/camp-news' }) }),
  }),
});

function News() {
  const { data } = camp.useGetCampNewsQuery();
  return <p>{data ? data.map((item) => item.title).join(', ') : 'Loading'}</p>;
}
const withStore = (store: AppStore, children: ReactNode) => <Provider store={store}>{children}</Provider>;

describe('data handed over by a server render', () => {
  let http: ReturnType<typeof mockApi>;
  afterEach(() => http.restore());

  /** The state a server render hands over after reading the news once. */
  async function serverState() {
    const server = makeStore();
    await server.dispatch(camp.endpoints.getCampNews.initiate());
    return JSON.parse(JSON.stringify(handoverState(server.getState())));
  }

  it('is shown at once and not asked for again as the screen mounts; a later mount refreshes it as usual', async () => {
    http = mockApi({ 'GET /camp-news': [200, [{ title: 'Soccer week' }]] });
    const store = makeStore(await serverState());
    expect(http.calls).toHaveLength(1);

    const first = render(withStore(store, <News />));
    expect(screen.getByText('Soccer week')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(http.calls).toHaveLength(1);
    first.unmount();

    // A navigation back to the screen shows what other users changed meanwhile.
    render(withStore(store, <News />));
    await waitFor(() => expect(http.calls).toHaveLength(2));
  });

  it('holds no subscriptions or pending reads of the server', async () => {
    http = mockApi({ 'GET /camp-news': [200, [{ title: 'Tennis week' }]] });
    const state = await serverState();
    expect(state.api.subscriptions).toEqual({});
    expect(Object.values(state.api.queries).map((query) => (query as { status: string }).status)).toEqual([
      'fulfilled',
    ]);
    expect(state.session).toEqual({ status: 'loading', user: null, role: null });
  });
});
