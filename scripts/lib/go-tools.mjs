// Command-line tools the checks need that are Go programs (helm, kubeconform, stripe-mock, gofakes3). Each is pinned
// to one version and built once with `go install` from the Go module proxy (never a downloaded release binary) into
// a folder of its own name and version: later runs use that build, and a new version is a new folder.
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';

/** The Go these tools are built with (the newest `go` line of their go.mod files). */
export const GO_NEEDED = 'Go 1.26 or newer';

/** @typedef {{ name: string, module: string, version: string }} GoTool */

/** Where `tool` lives once built under `dir`: `<dir>/<name>-<version>/<name>`. */
export const goToolPath = (/** @type {GoTool} */ tool, /** @type {string} */ dir) =>
  path.join(dir, `${tool.name}-${tool.version}`, tool.name);

/**
 * The tool's pinned build under `dir`, built first when missing. Throws, naming Go, when Go is not on PATH or the
 * build fails (Go's own message is printed above it).
 */
export async function ensureGoTool(
  /** @type {GoTool} */ tool,
  /** @type {{ dir: string, log?: (line: string) => void, env?: NodeJS.ProcessEnv }} */ {
    dir,
    log = (line) => console.log(line),
    env = process.env,
  },
) {
  const bin = goToolPath(tool, dir);
  if (existsSync(bin)) return bin;
  const what = `${tool.name} ${tool.version}`;
  const go = await execa('go', ['env', 'GOVERSION'], { env, reject: false });
  if (go.exitCode !== 0)
    throw new Error(
      `${what} is built from source with Go, and \`go\` is not on PATH: install ${GO_NEEDED} (https://go.dev/dl; README "Quick start").`,
    );
  const target = path.dirname(bin);
  log(`Building ${what} with ${go.stdout.trim()} into ${target} (go install ${tool.module}@${tool.version}).`);
  log('This happens once: later runs use that build.');
  // Built into a folder of its own first, then moved into place: a run that stops half-way leaves no tool behind.
  const building = `${target}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  const started = Date.now();
  const build = await execa('go', ['install', `${tool.module}@${tool.version}`], {
    env: { ...env, GOBIN: building, GOFLAGS: '-buildvcs=false' },
    stdio: 'inherit',
    reject: false,
  });
  if (build.exitCode !== 0 || !existsSync(path.join(building, tool.name))) {
    rmSync(building, { recursive: true, force: true });
    throw new Error(
      `Building ${what} failed (go install exited with ${build.exitCode ?? build.signal}; Go's message is above). It needs ${GO_NEEDED} and the Go module proxy (GOPROXY).`,
    );
  }
  mkdirSync(dir, { recursive: true });
  if (existsSync(target)) rmSync(building, { recursive: true, force: true });
  else renameSync(building, target);
  log(`Built ${what} in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  return bin;
}
