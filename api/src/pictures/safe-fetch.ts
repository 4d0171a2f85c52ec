import { promises as dns } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { refusedAddress } from './address-guard';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a name resolves to. The system's resolver by default; tests give their own. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await dns.lookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

/** A refusal that no retry changes (the address, the size, the type): the import gives up at once. */
export class ImportRefused extends Error {}
/** A failure that may pass (no answer, a server error): the import is tried again later. */
export class ImportUnavailable extends Error {}

export interface FetchRules {
  resolve: Resolver;
  /** `address:port` pairs an import may reach although their range is refused (PICTURE_IMPORT_ALLOW). */
  allow: ReadonlySet<string>;
  maxBytes: number;
  /** For the whole import: every redirect and the body. */
  timeoutMs: number;
  maxRedirects: number;
}

const MB = 1024 * 1024;

/** The http(s) URL an import may start from, or the reason it may not. */
export function checkImportUrl(text: string): URL | string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'is not a URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must start with http:// or https://';
  if (url.username || url.password) return 'must not carry a user name or password';
  return url;
}

const hostOf = (url: URL): string => url.hostname.replace(/^\[|\]$/g, '');
const portOf = (url: URL): number => Number(url.port || (url.protocol === 'https:' ? 443 : 80));

/** The reason an IP-literal URL is refused before anything is sent (names are checked once resolved). */
export function refusedLiteral(url: URL, allow: ReadonlySet<string>): string | undefined {
  const host = hostOf(url);
  if (!isIP(host) || allow.has(`${host}:${portOf(url)}`)) return undefined;
  const reason = refusedAddress(host);
  return reason ? `${url.host} is ${reason}` : undefined;
}

/** The address to connect to: every address the host has must be allowed (a name cannot mix in a private one). */
async function checkedAddress(url: URL, rules: FetchRules): Promise<ResolvedAddress> {
  const host = hostOf(url);
  const family = isIP(host);
  let addresses: ResolvedAddress[];
  if (family) addresses = [{ address: host, family: family as 4 | 6 }];
  else {
    try {
      addresses = await rules.resolve(host);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOTFOUND' || code === 'ENODATA') throw new ImportRefused(`${host} does not exist`);
      throw new ImportUnavailable(`${host} could not be resolved (${code ?? (err as Error).message})`);
    }
    if (!addresses.length) throw new ImportRefused(`${host} has no address`);
  }
  const port = portOf(url);
  for (const { address } of addresses) {
    if (rules.allow.has(`${address}:${port}`)) continue;
    const reason = refusedAddress(address);
    if (reason) throw new ImportRefused(`${url.host} ${family ? 'is' : `resolves to ${address},`} ${reason}`);
  }
  return addresses[0];
}

/** Node's lookup answered with the one address already checked: the connection cannot re-resolve the name. */
const pinnedLookup =
  ({ address, family }: ResolvedAddress): LookupFunction =>
  (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as unknown as (e: null, a: ResolvedAddress[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };

function request(url: URL, to: ResolvedAddress, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method: 'GET',
        agent: false,
        lookup: pinnedLookup(to),
        signal,
        headers: { Accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9', 'User-Agent': 'SportifyCamp' },
      },
      resolve,
    );
    req.on('error', reject);
    req.end();
  });
}

async function readBody(res: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.destroy();
    throw new ImportRefused(`the picture is larger than ${maxBytes / MB} MB`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      res.destroy();
      throw new ImportRefused(`the picture is larger than ${maxBytes / MB} MB`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Fetches a picture for an import. Only http(s); every address the host resolves to must be public (or allowed),
 * checked again at each redirect (at most `maxRedirects`), and the connection goes to the address that was checked.
 * At most `maxBytes`, all within `timeoutMs`.
 */
export async function fetchPicture(source: string, rules: FetchRules): Promise<Buffer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), rules.timeoutMs);
  try {
    let url = checkImportUrl(source);
    for (let hop = 0; ; hop++) {
      if (typeof url === 'string') throw new ImportRefused(`the address ${url}`);
      const to = await checkedAddress(url, rules);
      if (controller.signal.aborted) throw new ImportUnavailable('no answer in time');
      const res = await request(url, to, controller.signal);
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume();
        if (hop === rules.maxRedirects) throw new ImportRefused(`more than ${rules.maxRedirects} redirects`);
        let next: URL | string;
        try {
          next = checkImportUrl(new URL(res.headers.location, url).href);
        } catch {
          next = 'is not a URL';
        }
        url = typeof next === 'string' ? `of a redirect ${next}` : next;
        continue;
      }
      if (status !== 200) {
        res.resume();
        // Missing or forbidden stays so; a server error, a timeout or a rate limit may pass.
        if (status >= 400 && status < 500 && status !== 408 && status !== 429)
          throw new ImportRefused(`the server answered ${status}`);
        throw new ImportUnavailable(`the server answered ${status}`);
      }
      return await readBody(res, rules.maxBytes);
    }
  } catch (err) {
    if (err instanceof ImportRefused || err instanceof ImportUnavailable) throw err;
    if (controller.signal.aborted) throw new ImportUnavailable(`no answer within ${rules.timeoutMs / 1000} s`);
    throw new ImportUnavailable((err as Error).message);
  } finally {
    clearTimeout(timer);
  }
}
