import { init } from '@module-federation/enhanced/runtime';
import type { RenderResult } from '@sportify/platform/render';
import type { RemoteScreenModule } from '../federation/remoteRegistry';
import type { ShellConfig } from '../config/loadConfig';
import { siteRoutes } from './renderApp';

/** The smallest shell template a server render fills in. */
export const TEMPLATE =
  '<!doctype html><html><head><title>Sportify Camp</title></head><body><div id="root"></div></body></html>';

/** The runtime config of a site with the route table of siteRoutes. */
export function siteConfig(remotes: Record<string, string> = {}): ShellConfig {
  const { routes, routesVersion } = siteRoutes();
  return {
    apiUrl: '/api',
    firebase: { apiKey: 'k', authDomain: 'd', projectId: 'p' },
    stripePublishableKey: '',
    campTimeZone: 'America/New_York',
    remotes,
    routes,
    routesVersion,
    releases: {},
    overrides: {},
  } as ShellConfig;
}

/** The whole HTML a render writes. */
export async function htmlOf(result: RenderResult): Promise<string> {
  const chunks: string[] = [];
  await new Promise<void>((resolve) =>
    result.pipe({
      write: (chunk: string | Buffer) => chunks.push(String(chunk)),
      end: () => resolve(),
    } as unknown as NodeJS.WritableStream),
  );
  return chunks.join('');
}

/** An API token as the API signs it (the render reads only its claims; the API checks it). */
export function apiToken(sub: string, expiresInSeconds: number) {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub, exp })}.signature`;
}

/**
 * The page server's federation runtime, with every remote's server container answered by a test plugin instead of
 * its file: each exposed module is `screen`.
 */
export function serveServerScreens(screen: RemoteScreenModule): void {
  init({
    name: 'shell',
    remotes: [],
    plugins: [
      {
        name: 'test-server-containers',
        loadEntry: async () => ({ init: async () => undefined, get: async () => () => screen }) as never,
      },
    ],
  });
}
