import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders, makeStore, type RootState } from '@sportify/shared-ui';
import { MemoryRouter } from 'react-router-dom';
import { Link } from '@sportify/shared-ui/router';
import { HandoverEnd } from './HandoverEnd';

/** A store as a server render hands it over: one query the page never took up, refetch-on-mount off meanwhile. */
function handedOverStore() {
  const initial = makeStore().getState();
  const preloaded: Partial<RootState> = {
    api: {
      ...initial.api,
      queries: {
        'classesPopular(undefined)': {
          status: 'fulfilled',
          endpointName: 'classesPopular',
          requestId: 'server',
          originalArgs: undefined,
          startedTimeStamp: 0,
          fulfilledTimeStamp: 1,
          data: [],
        },
      } as unknown as RootState['api']['queries'],
      config: { ...initial.api.config, refetchOnMountOrArgChange: false },
    },
  };
  return makeStore(preloaded);
}

const refetchOnMount = (store: ReturnType<typeof makeStore>) => store.getState().api.config.refetchOnMountOrArgChange;

test('the handover lasts while the server-rendered page is shown, and ends at the first navigation', async () => {
  const store = handedOverStore();
  render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={['/']}>
        <HandoverEnd />
        <Link to="/classes">Classes</Link>
      </MemoryRouter>
    </AppProviders>,
  );
  expect(refetchOnMount(store)).toBe(false);
  await userEvent.click(screen.getByRole('link', { name: 'Classes' }));
  expect(refetchOnMount(store)).toBe(true);
});
