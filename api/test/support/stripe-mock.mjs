// The official stripe-mock (stateless Stripe API fixtures) for the Stripe adapter's contract tests. Built once with
// Go into api/.cache/bin (@sportify/scripts/lib/go-tools.mjs), then started on a free port.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@sportify/scripts/lib/ports.mjs';
import { ensureGoTool } from '@sportify/scripts/lib/go-tools.mjs';
import { spawnService, ready } from '@sportify/scripts/lib/proc.mjs';

export const STRIPE_MOCK = { name: 'stripe-mock', module: 'github.com/stripe/stripe-mock', version: 'v0.203.0' };
const binDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.cache/bin');

export const ensureStripeMock = () => ensureGoTool(STRIPE_MOCK, { dir: binDir });

export async function startStripeMock({ port }) {
  // Without -https-addr it also listens on its default port 12112, which a parallel run may already hold.
  const args = ['-http-addr', `127.0.0.1:${port}`, '-https-addr', `127.0.0.1:${await freePort()}`];
  const service = spawnService('stripe-mock', await ensureStripeMock(), args, { quiet: true });
  await ready(service, [`tcp:127.0.0.1:${port}`], 30_000);
  return { port, stop: () => service.stop() };
}
