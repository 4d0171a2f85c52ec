// SeaweedFS, a real S3-compatible server, for the picture store's S3 tests. Built once from the Go module proxy into
// api/.cache/bin/weed-<version>/weed (the layout of @sportify/scripts/lib/go-tools.mjs; many minutes the first time:
// it is large), then started on free ports with its data in a temporary folder. Its module has replace directives,
// which `go install pkg@version` refuses: it is built inside the downloaded module instead. Without Go the test
// fails, saying so; nothing is skipped.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

// The module has no version tags: a pinned commit.
export const SEAWEEDFS = {
  name: 'weed',
  module: 'github.com/seaweedfs/seaweedfs',
  version: 'v0.0.0-20261109003541-7506e5f91cd6',
};
const bin = path.resolve(__dirname, '../../.cache/bin', `${SEAWEEDFS.name}-${SEAWEEDFS.version}`, SEAWEEDFS.name);

export function ensureSeaweedFs(): string {
  if (existsSync(bin)) return bin;
  try {
    execFileSync('go', ['env', 'GOVERSION']);
  } catch {
    throw new Error('SeaweedFS is built from source with Go, and `go` is not on PATH: install Go 1.26 or newer.');
  }
  console.log(`Building SeaweedFS ${SEAWEEDFS.version} into ${path.dirname(bin)}: once, and it takes many minutes.`);
  const downloaded = JSON.parse(
    execFileSync('go', ['mod', 'download', '-json', `${SEAWEEDFS.module}@${SEAWEEDFS.version}`], { encoding: 'utf8' }),
  ) as { Dir: string };
  // Built aside, then moved into place: a stopped build leaves nothing behind.
  const building = `${bin}.building-${process.pid}`;
  mkdirSync(path.dirname(bin), { recursive: true });
  execFileSync('go', ['build', '-o', building, './weed'], {
    cwd: downloaded.Dir,
    env: { ...process.env, GOFLAGS: '-buildvcs=false -mod=mod', GOWORK: 'off' },
    stdio: 'inherit',
  });
  renameSync(building, bin);
  return bin;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => (socket.destroy(), resolve(true)));
    socket.on('error', () => resolve(false));
  });

/** A SeaweedFS server with its S3 gateway; `endpoint` is the S3 URL. */
export async function startSeaweedFs(): Promise<{ endpoint: string; stop: () => Promise<void> }> {
  const weed = ensureSeaweedFs();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sportify-seaweedfs-'));
  const port: Record<string, number> = {};
  for (const name of ['master', 'masterGrpc', 'volume', 'volumeGrpc', 'filer', 'filerGrpc', 's3', 's3Grpc'])
    port[name] = await freePort();
  const child = spawn(
    weed,
    [
      'server',
      '-ip=127.0.0.1',
      '-ip.bind=127.0.0.1',
      `-dir=${dir}`,
      `-master.port=${port.master}`,
      `-master.port.grpc=${port.masterGrpc}`,
      `-volume.port=${port.volume}`,
      `-volume.port.grpc=${port.volumeGrpc}`,
      '-volume.max=4',
      '-filer',
      `-filer.port=${port.filer}`,
      `-filer.port.grpc=${port.filerGrpc}`,
      '-s3',
      `-s3.port=${port.s3}`,
      `-s3.port.grpc=${port.s3Grpc}`,
    ],
    { stdio: 'ignore' },
  );
  // A run that ends abruptly (a failed seed exits the worker) takes the server with it.
  const orphan = () => child.kill('SIGKILL');
  process.once('exit', orphan);
  const stop = async () => {
    process.off('exit', orphan);
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dir, { recursive: true, force: true });
  };
  for (const until = Date.now() + 120_000; !(await accepts(port.s3));) {
    if (child.exitCode !== null || Date.now() > until) {
      await stop();
      throw new Error(`SeaweedFS did not start (exit code ${child.exitCode})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { endpoint: `http://127.0.0.1:${port.s3}`, stop };
}
