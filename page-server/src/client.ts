// Who a request comes from, for counting clients: the connection's address, or behind trusted proxies (a balancer,
// an Ingress) the address they forward in X-Forwarded-For. SPORTIFY_TRUST_PROXY has the grammar of the API's
// TRUST_PROXY: a hop count, or addresses, CIDRs and the names loopback, linklocal, uniquelocal.
import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';

export type TrustProxy = (address: string, hop: number) => boolean;

export const DEFAULT_TRUST_PROXY = 'loopback';

/** SPORTIFY_TRUST_PROXY read; throws an Error saying what is wrong with it. */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim() || DEFAULT_TRUST_PROXY;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) throw new Error(`must be a hop count from 0 to 10 (got "${raw}")`);
    return (_address, hop) => hop < hops;
  }
  try {
    return proxyaddr.compile(value.split(',').map((item) => item.trim()));
  } catch {
    throw new Error(
      `must be a hop count (0-10), or a comma-separated list of loopback, linklocal, uniquelocal, IP addresses or CIDRs such as 10.0.0.0/8 (got "${raw}")`,
    );
  }
}

/** The client's address: the nearest one the trusted proxies do not vouch for. */
export const clientAddress = (req: IncomingMessage, trust: TrustProxy): string =>
  proxyaddr(req as Parameters<typeof proxyaddr>[0], trust);
