import { SetMetadata } from '@nestjs/common';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** Header the operators' tools and the page servers send their shared secret (SPORTIFY_OPS_KEY) in. */
export const OPS_KEY_HEADER = 'x-sportify-ops-key';

export const ACCEPTS_OPS_KEY = 'sportify:ops-key';
/** Marks a route that also accepts a valid X-Sportify-Ops-Key in place of a signed-in caller with the route's role. */
export const AcceptsOpsKey = () => SetMetadata(ACCEPTS_OPS_KEY, true);

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the request names an ops key at all (a wrong one is refused, not ignored). */
export const sendsOpsKey = (req: { headers: IncomingHttpHeaders }): boolean =>
  req.headers[OPS_KEY_HEADER] !== undefined;

/** The request carries the operators' key; compared in constant time (over digests, so lengths leak nothing). */
export function hasOpsKey(req: { headers: IncomingHttpHeaders }, key: string): boolean {
  const given = req.headers[OPS_KEY_HEADER];
  return typeof given === 'string' && timingSafeEqual(digest(given), digest(key));
}
