#!/usr/bin/env node
// The top self-time entries of V8 CPU profiles (the .cpuprofile files BENCH_CPU_PROF or `node --cpu-prof` write),
// as text, then the same time by package: `node api/bench/profile-top.mjs <file or folder> [count] [--after NAME]`.
// `--after logRequest` counts only from the first sample with that function on its stack (leaving out the start-up).
// Idle time, the garbage collector and the program's own top frame are listed apart from the busy time the
// percentages are of.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const afterAt = args.indexOf('--after');
const after = afterAt === -1 ? null : args.splice(afterAt, 2)[1];
const [target, countArg] = args;
if (!target) {
  console.error('usage: node api/bench/profile-top.mjs <file.cpuprofile | folder> [count] [--after FUNCTION]');
  process.exit(1);
}
const count = Number(countArg ?? 25);
const files = statSync(target).isDirectory()
  ? readdirSync(target)
      .filter((f) => f.endsWith('.cpuprofile'))
      .map((f) => path.join(target, f))
  : [target];
const APART = ['(idle)', '(program)', '(garbage collector)'];

/** Where a frame's code comes from: a package, Node itself, the app's own code, or native code. */
function packageOf(/** @type {string} */ url) {
  if (!url) return '(native)';
  if (url.startsWith('node:')) return 'node';
  const at = url.lastIndexOf('node_modules/');
  if (at === -1) return url.includes('/api/') ? 'the API' : url;
  const [scope, name] = url.slice(at + 'node_modules/'.length).split('/');
  return scope.startsWith('@') ? `${scope}/${name}` : scope;
}

const short = (/** @type {string} */ url) =>
  url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/api\/[^/]+\//, 'api/');

for (const file of files) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const onStack = (/** @type {number} */ id, /** @type {string} */ name) => {
    for (let at = id; at !== undefined; at = parent.get(at))
      if (byId.get(at).callFrame.functionName === name) return true;
    return false;
  };
  const self = new Map();
  const byPackage = new Map();
  let total = 0;
  let counting = !after;
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    counting ||= onStack(id, after);
    if (!counting) continue;
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    const dt = profile.timeDeltas[i] ?? 0;
    const name = functionName || '(anonymous)';
    const key = url ? `${name} ${short(url)}:${lineNumber + 1}` : name;
    self.set(key, (self.get(key) ?? 0) + dt);
    if (!APART.includes(name)) byPackage.set(packageOf(url), (byPackage.get(packageOf(url)) ?? 0) + dt);
    total += dt;
  }
  const busy = total - APART.reduce((sum, name) => sum + (self.get(name) ?? 0), 0);
  const pct = (/** @type {number} */ us) => `${((100 * us) / busy).toFixed(1).padStart(5)}%`;
  console.log(`${path.basename(file)}: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy`);
  for (const name of APART) console.log(`  ${name}: ${((self.get(name) ?? 0) / 1e6).toFixed(2)} s`);
  const top = [...self.entries()].filter(([name]) => !APART.includes(name)).sort((a, b) => b[1] - a[1]);
  for (const [name, us] of top.slice(0, count)) console.log(`  ${pct(us)}  ${name}`);
  console.log('  by package:');
  for (const [name, us] of [...byPackage.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15))
    console.log(`  ${pct(us)}  ${name}`);
}
