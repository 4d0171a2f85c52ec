import { combineSlices, configureStore, createAction, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api } from '../api/api';
import type { ApiRequestContext } from '../api/axiosBaseQuery';
import { sessionSlice } from '../session/sessionSlice';

/**
 * Slices a remote injects later with `rootReducer.inject(slice)`; declare them by augmenting this interface:
 * `declare module '@sportify/shared-ui' { interface LazyLoadedSlices extends WithSlice<typeof mySlice> {} }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(api, sessionSlice).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

/** Every handed-over query has been taken up: from now on a screen that mounts refreshes its data again (api.ts). */
export const handoverDone = createAction('sportify/handoverDone');

const rootWithHandover = (state: RootState | undefined, action: UnknownAction): RootState => {
  const next = rootReducer(state, action);
  if (!handoverDone.match(action) || next.api.config.refetchOnMountOrArgChange === true) return next;
  return { ...next, api: { ...next.api, config: { ...next.api.config, refetchOnMountOrArgChange: true } } };
};

interface QueryThunkMeta {
  condition?: boolean;
  arg?: { queryCacheKey?: string; subscribe?: boolean };
}

/**
 * Watches the handed-over queries: a screen subscribing to one while refetch-on-mount is off is refused a new request
 * (a "condition" rejection). Once each has been taken up so, refetch-on-mount comes back.
 */
function handoverMiddleware(keys: Set<string>): Middleware {
  return (store) => (next) => (action) => {
    const result = next(action);
    const { type, meta } = action as { type: string; meta?: QueryThunkMeta };
    if (
      keys.size &&
      type === `${api.reducerPath}/executeQuery/rejected` &&
      meta?.condition &&
      meta.arg?.queryCacheKey
    ) {
      keys.delete(meta.arg.queryCacheKey);
      if (!keys.size) store.dispatch(handoverDone());
    }
    return result;
  };
}

export interface StoreOptions {
  /** A server render's API context (its base URL and the visitor's token), given to every query. */
  api?: ApiRequestContext;
}

export function makeStore(preloadedState?: Partial<RootState>, { api: apiContext }: StoreOptions = {}) {
  const handedOver =
    preloadedState?.api?.config.refetchOnMountOrArgChange === false ? Object.keys(preloadedState.api.queries) : [];
  const store = configureStore({
    reducer: rootWithHandover as typeof rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: apiContext } })
        // Before the api's own middleware, which keeps those rejections to itself.
        .concat(handoverMiddleware(new Set(handedOver)), api.middleware),
  });
  if (preloadedState?.api?.config.refetchOnMountOrArgChange === false && !handedOver.length)
    store.dispatch(handoverDone());
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
