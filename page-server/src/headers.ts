import type { ServerResponse } from 'node:http';

/** The parts of the runtime config that name other origins the page talks to. */
export interface ConfigOrigins {
  apiUrl?: string;
  firebase?: { authDomain?: string; authEmulatorUrl?: string };
  remotes?: Record<string, string>;
  /** Remotes this browser loads from elsewhere (a developer's dev server): federation name -> manifest URL. */
  overrides?: Record<string, string>;
}

const STRIPE_FRAMES = ['https://js.stripe.com', 'https://hooks.stripe.com'];
const STRIPE_API = 'https://api.stripe.com';
const FIREBASE_APIS = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];

/** The origin of an absolute http(s) URL; undefined for a relative one (then it is the site's own origin). */
function originOf(url: string | undefined): string | undefined {
  if (!url || !/^https?:\/\//i.test(url)) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** The WebSocket origin beside an http(s) URL's origin (a dev server's live reload). */
const socketOriginOf = (url: string): string | undefined => originOf(url)?.replace(/^http/, 'ws');

const unique = (values: (string | undefined)[]): string[] => [...new Set(values.filter((v): v is string => !!v))];

/**
 * The site's Content-Security-Policy for its pages, from the config the page runs with and the page's own nonce.
 * Scripts run by the nonce alone, and what they load (the federation runtime's remotes, Stripe.js, Google's sign-in
 * loader) by 'strict-dynamic': no host list, so an injected tag runs nothing whatever host it names. Styles are the
 * site's and the remotes' files and nonce'd <style> elements (styled-components and the toasts take the nonce),
 * never an attribute in the HTML. Pictures come from the site and the remotes only: class pictures and photos given
 * from anywhere (Google's included) are imported and served by the site under /pictures. The Firebase and Google
 * origins are there only with a real Firebase project; the Auth emulator's only with it.
 */
export function pagePolicy(config: ConfigOrigins, nonce: string): string {
  const remotes = unique(Object.values(config.remotes ?? {}).map(originOf));
  const emulator = originOf(config.firebase?.authEmulatorUrl);
  const realFirebase = !emulator && !!config.firebase?.authDomain;
  const authDomain = realFirebase ? `https://${config.firebase!.authDomain}` : undefined;
  const directives: [string, ...(string | undefined)[]][] = [
    ['default-src', "'self'"],
    ['script-src', `'nonce-${nonce}'`, "'strict-dynamic'"],
    ['style-src', "'self'", ...remotes, `'nonce-${nonce}'`],
    ['img-src', "'self'", ...remotes],
    ['font-src', "'self'", 'data:', ...remotes],
    [
      'connect-src',
      "'self'",
      ...remotes,
      ...Object.values(config.overrides ?? {}).map(socketOriginOf),
      originOf(config.apiUrl),
      emulator,
      ...(realFirebase ? FIREBASE_APIS : []),
      STRIPE_API,
    ],
    ['frame-src', ...STRIPE_FRAMES, authDomain, emulator],
    ['form-action', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map(([name, ...sources]) => [name, ...unique(sources)].join(' ')).join('; ');
}

/** For what is not a page (a remote's files, the API's JSON): nothing may run, nothing may frame it. */
export const NOTHING_RUNS_POLICY =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** HSTS as the API's origin sends it: a year, subdomains too. Browsers honour it over https only. */
export const STRICT_TRANSPORT = 'max-age=31536000; includeSubDomains';

/**
 * The headers every answer of every port carries (names in lower case, as Node gives a response's headers); in
 * production (`https`), Strict-Transport-Security too: the site is served over https only.
 */
export function securityHeaders(policy?: string, https = false): Record<string, string> {
  return {
    ...(policy ? { 'content-security-policy': policy } : {}),
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    ...(https ? { 'strict-transport-security': STRICT_TRANSPORT } : {}),
  };
}

export function setSecurityHeaders(res: ServerResponse, policy: string, https = false): void {
  for (const [name, value] of Object.entries(securityHeaders(policy, https))) res.setHeader(name, value);
}
