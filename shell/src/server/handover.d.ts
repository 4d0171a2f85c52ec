import type { RootState } from '@sportify/shared-ui';
/**
 * The state a server render hands over to the browser: its session and the data it read, without its subscriptions
 * (the browser's screens subscribe again as they hydrate) and with refetch-on-mount off until each of those queries
 * has been taken up once (shared-ui's store), so the hydrating screens do not ask again for what the page holds.
 * Server-only, so it stays out of the browser's shared-ui.
 */
export declare function handoverState(state: RootState): Partial<RootState>;
