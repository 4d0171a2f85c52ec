import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';

const lib = (name: string) => pathToFileURL(require.resolve(`@sportify/scripts/lib/${name}`)).href;

export interface DevDbProcess {
  port: number;
  stop: () => Promise<void>;
}

/**
 * The launcher's embedded database (@sportify/scripts/lib/devdb.mjs) in a child process of its own, so a test can stop and
 * start it (jest's CommonJS runtime cannot import the launcher's ES modules). Port 0 picks a free one.
 */
export function startDevDbProcess(file: string, port = 0, { logs = false } = {}): Promise<DevDbProcess> {
  // With `logs`, the database's own warnings and errors (why it closed a connection, say) reach the test's output.
  const script = `
    import { startDevDb } from '${lib('devdb.mjs')}';
    import { freePort } from '${lib('ports.mjs')}';
    const db = await startDevDb({ port: ${port} || (await freePort()), file: ${JSON.stringify(file)}, quiet: ${!logs} });
    console.log('DEVDB_READY ' + db.port);
    process.on('SIGTERM', async () => { await db.stop(); process.exit(0); });`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (logs && out.includes('DEVDB_READY')) process.stderr.write(chunk);
      out += chunk.toString();
      const m = /DEVDB_READY (\d+)/.exec(out);
      if (m) resolve({ port: Number(m[1]), stop: async () => void (child.kill('SIGTERM'), await exited) });
    });
    void exited.then(() => reject(new Error(`The embedded database exited before it was ready:\n${out}`)));
  });
}
