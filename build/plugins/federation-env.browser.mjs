// The federation SDK's environment checks for a browser build (FederationEnvPlugin): the same answers as its own
// dist/env.js, except that debug mode is read from the FEDERATION_DEBUG constant only, never from localStorage.
/* global ENV_TARGET, FEDERATION_DEBUG, window */
export const isBrowserEnvValue =
  typeof ENV_TARGET !== 'undefined'
    ? ENV_TARGET === 'web'
    : typeof window !== 'undefined' && typeof window.document !== 'undefined';
export const isBrowserEnv = () => isBrowserEnvValue;
export const isReactNativeEnv = () => typeof navigator !== 'undefined' && navigator?.product === 'ReactNative';
export const getProcessEnv = () => (typeof process !== 'undefined' && process.env ? process.env : {});
export const isDebugMode = () => typeof FEDERATION_DEBUG !== 'undefined' && Boolean(FEDERATION_DEBUG);
