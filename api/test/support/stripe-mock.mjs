// The official stripe-mock (stateless Stripe API fixtures) for the Stripe adapter's contract tests. Built once with
// `go install` into api/.cache/bin (about 20 s to a minute from the Go module proxy), then started on a free port.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { freePort } from '@sportify/scripts/lib/ports.mjs';
import { spawnService, ready } from '@sportify/scripts/lib/proc.mjs';

export const STRIPE_MOCK_VERSION = 'v0.203.0';
const binDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.cache/bin');
const bin = path.join(binDir, 'stripe-mock');

export async function ensureStripeMock() {
  if (existsSync(bin)) return bin;
  const go = await execa('sh', ['-c', 'command -v go'], { reject: false });
  if (go.exitCode !== 0) {
    throw new Error(
      'The Stripe adapter tests need Go to build stripe-mock (Debian package golang, or https://go.dev/dl).',
    );
  }
  await execa('go', ['install', `github.com/stripe/stripe-mock@${STRIPE_MOCK_VERSION}`], {
    env: { GOBIN: binDir, GOFLAGS: '-buildvcs=false' },
    stdio: 'inherit',
  });
  return bin;
}

export async function startStripeMock({ port }) {
  // Without -https-addr it also listens on its default port 12112, which a parallel run may already hold.
  const args = ['-http-addr', `127.0.0.1:${port}`, '-https-addr', `127.0.0.1:${await freePort()}`];
  const service = spawnService('stripe-mock', await ensureStripeMock(), args, { quiet: true });
  await ready(service, [`tcp:127.0.0.1:${port}`], 30_000);
  return { port, stop: () => service.stop() };
}
