// Lets the (CommonJS) jest tests start the launcher's own services as child processes:
//   node service-cli.mjs devdb <port> <file>
//   node service-cli.mjs nginx <port> <dir> <upstream> [<upstream>...]
// Prints "READY" once the service answers and stops it on SIGTERM.
import { startDevDb } from '@sportify/scripts/lib/devdb.mjs';
import { startNginx } from '@sportify/scripts/lib/nginx.mjs';

const [kind, port, where, ...upstreams] = process.argv.slice(2);
const service =
  kind === 'devdb'
    ? await startDevDb({ port: Number(port), file: where })
    : kind === 'nginx'
      ? await startNginx({ port: Number(port), dir: where, upstreams })
      : null;
if (!service) {
  console.error(`unknown service "${kind}"`);
  process.exit(2);
}
process.once('SIGTERM', async () => {
  await service.stop();
  process.exit(0);
});
console.log('READY');
