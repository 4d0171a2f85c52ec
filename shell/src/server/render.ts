// The entry of the shell's server build (dist/server/render.js, see @sportify/build), called by the page server.
// Async boundary: the shared singletons are negotiated before any app code runs, as in the browser's index.ts.
import type { RenderInput as Input, RenderResult } from '@sportify/platform/render';
import type { ShellConfig } from '../config/loadConfig';

/** The page server's input, with the config as the shell reads it. */
export type RenderInput = Input<ShellConfig>;

export function renderPage(input: RenderInput): Promise<RenderResult> {
  return import('./renderPage').then((module) => module.renderPage(input));
}
