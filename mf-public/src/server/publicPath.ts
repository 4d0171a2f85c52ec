// The server bundle's asset URLs (the carousel's pictures) must point where the browser gets this remote's files.
// The static server sets the base before it loads the bundle; this module runs before any asset module.
declare let __webpack_public_path__: string;

const base = (globalThis as { __SPORTIFY_ASSET_BASE__?: string }).__SPORTIFY_ASSET_BASE__;
// webpack compiles this assignment into its runtime's public path (the variable itself is webpack's).
// eslint-disable-next-line prefer-const
__webpack_public_path__ = base ?? '/';
