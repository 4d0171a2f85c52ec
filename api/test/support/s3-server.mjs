// A real S3-compatible server for the picture store's S3 tests: gofakes3's server (the S3 REST API over an in-memory
// backend; it accepts any credentials). Built once with Go into api/.cache/bin (@sportify/scripts/lib/go-tools.mjs),
// then started on a free port. Chosen for its size: a small module whose build takes a few minutes at most on a
// cold cache, where a full object store such as SeaweedFS or MinIO is a build of many times that.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureGoTool } from '@sportify/scripts/lib/go-tools.mjs';
import { spawnService, ready } from '@sportify/scripts/lib/proc.mjs';

export const GOFAKES3 = {
  name: 'gofakes3',
  module: 'github.com/johannesboyne/gofakes3/cmd/gofakes3',
  version: 'v1.2.0',
};
const binDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.cache/bin');

export const ensureS3Server = () => ensureGoTool(GOFAKES3, { dir: binDir });

/** The server on `port`; `endpoint` is its S3 URL (path-style buckets). */
export async function startS3Server({ port }) {
  const args = ['-backend', 'memory', '-host', `127.0.0.1:${port}`, '-quiet'];
  const service = spawnService('s3', await ensureS3Server(), args, { quiet: true });
  await ready(service, [`tcp:127.0.0.1:${port}`], 30_000);
  return { port, endpoint: `http://127.0.0.1:${port}`, stop: () => service.stop() };
}
