import { existsSync } from 'node:fs';

// Debian's Chromium is the only browser available offline. The journeys use its headless shell (Debian's
// `chromium-headless-shell`) when it is installed: it renders with the same engine and costs far less CPU than the
// full browser run headless, which matters on a two-core machine that also runs the stack.
export const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
export const FULL_CHROMIUM = '/usr/bin/chromium';

export const chromiumPath = (): string =>
  process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);
