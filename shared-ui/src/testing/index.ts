// Test helpers for component tests of every front end: `import { mockApi, renderScreen } from '@sportify/shared-ui/testing'`.
export { mockApi, pagedRoute, type RecordedCall } from './mockApi';
export { renderScreen, sessionAs, signedOut, resetApi } from './renderScreen';
// The shared axios client itself, for tests that need to hold or fail its answers.
export { httpClient } from '../api/httpClient';
