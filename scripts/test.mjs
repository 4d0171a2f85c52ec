#!/usr/bin/env node
// `npm test`: every check of the repository, in order, stopping at the first that fails, then the time of each
// phase and the tests counted. Phases of one step run side by side: type-checking, lint, the deploy and docs checks
// only read files; the scripts' and the page server's tests each start their own servers on free ports and spend most
// of their time waiting for them. The journeys run alone, so that nothing else competes with their stack.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { stripVTControlCharacters } from 'node:util';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Each step: phases that run side by side. */
const STEPS = [
  ['typecheck', 'lint', 'deploy:check', 'docs:check'],
  ['build'],
  ['typecheck:remotes'],
  ['test:unit'],
  ['test:scripts', 'test:page-server'],
  ['test:e2e'],
];

/**
 * The build comes after the type-check, which stops the run on any error: the API's, the page server's and the
 * remotes' published types' compiles only emit (the same files), without checking them again. The journeys' stack
 * serves the builds this run has just made, without asking the build cache again.
 */
const PHASE_ENV = { build: { SPORTIFY_BUILD_NOCHECK: '1' }, 'test:e2e': { SPORTIFY_SKIP_BUILD: '1' } };

/** Counts of passed and failed tests from a runner's closing lines (jest, node --test, Playwright). */
export function countTests(output) {
  const text = stripVTControlCharacters(output);
  const jest = /^Tests:\s+(.*\d+ total)$/m.exec(text);
  if (jest) {
    const count = (word) => Number(new RegExp(`(\\d+) ${word}`).exec(jest[1])?.[1] ?? 0);
    return { passed: count('passed'), failed: count('failed') };
  }
  const nodePass = /^# pass (\d+)$/m.exec(text);
  if (nodePass) return { passed: Number(nodePass[1]), failed: Number(/^# fail (\d+)$/m.exec(text)?.[1] ?? 0) };
  // Playwright prints one summary per run (the e2e package may run it more than once).
  let passed = 0;
  let failed = 0;
  for (const m of text.matchAll(/^\s+(\d+) (passed|failed|flaky)\b/gm)) {
    if (m[2] === 'passed') passed += Number(m[1]);
    else failed += Number(m[1]);
  }
  return passed + failed > 0 ? { passed, failed } : null;
}

/** Runs `npm run <phase>`; side by side with others, its output is printed whole once it ends. */
function run(phase, { buffered }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', phase], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...PHASE_ENV[phase] },
    });
    let output = '';
    const take = (stream, target) =>
      stream.on('data', (chunk) => {
        output += chunk;
        if (!buffered) target.write(chunk);
      });
    take(child.stdout, process.stdout);
    take(child.stderr, process.stderr);
    child.on('close', (code, signal) => {
      if (buffered) process.stdout.write(output);
      resolve({ phase, ok: code === 0, code: code ?? signal, seconds: (Date.now() - started) / 1000, output });
    });
  });
}

/**
 * The machine's CPU time so far, in seconds summed over its cores: `busy` (everything but idle and I/O wait) and
 * `total`, from Linux's /proc/stat (USER_HZ, 100 ticks a second); null where there is none. The whole machine, not
 * this process's children: a stack's services can outlive the process that started them, and their CPU would then
 * never reach this one's.
 */
export function machineCpu(read = () => readFileSync('/proc/stat', 'utf8')) {
  let stat;
  try {
    stat = read();
  } catch {
    return null;
  }
  const line = /^cpu\s+(.*)$/m.exec(stat);
  if (!line) return null;
  const ticks = line[1].trim().split(/\s+/).map(Number);
  // user nice system idle iowait irq softirq steal (guest time is already inside user and nice).
  const total = ticks.slice(0, 8).reduce((sum, t) => sum + t, 0);
  const idle = ticks[3] + ticks[4];
  return { busy: (total - idle) / 100, total: total / 100 };
}

/** CPU seconds used between two readings of machineCpu, and the share of the machine that was. */
export function cpuUsed(before, after) {
  if (!before || !after || after.total <= before.total) return null;
  const busy = after.busy - before.busy;
  return { busy, share: busy / (after.total - before.total) };
}

export const minutes = (seconds) => {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

async function main() {
  const started = Date.now();
  const results = [];
  const steps = [];
  const cpuStarted = machineCpu();
  for (const step of STEPS) {
    const stepStarted = Date.now();
    const cpuBefore = machineCpu();
    const done = await Promise.all(step.map((phase) => run(phase, { buffered: step.length > 1 })));
    results.push(...done);
    steps.push({ step, wall: (Date.now() - stepStarted) / 1000, cpu: cpuUsed(cpuBefore, machineCpu()) });
    if (done.some((r) => !r.ok)) break;
  }
  const total = (Date.now() - started) / 1000;
  const cores = os.availableParallelism();
  const cpuAll = cpuUsed(cpuStarted, machineCpu());
  let passed = 0;
  let failed = 0;
  console.log('\nnpm test, phase by phase:');
  for (const r of results) {
    const counts = countTests(r.output);
    if (counts) {
      passed += counts.passed;
      failed += counts.failed;
    }
    const tests = counts ? `${counts.passed} passed, ${counts.failed} failed` : '';
    console.log(`  ${r.phase.padEnd(18)} ${minutes(r.seconds).padStart(6)}  ${r.ok ? 'ok    ' : 'FAILED'}  ${tests}`);
  }
  const skipped = STEPS.flat().filter((phase) => !results.some((r) => r.phase === phase));
  if (skipped.length) console.log(`  not run: ${skipped.join(', ')}`);
  console.log(`  total              ${minutes(total).padStart(6)}`);
  if (cpuAll) {
    // How much of the machine each step used: where the cores sat idle, steps could share them.
    console.log(`\nCPU by step (the whole machine, ${cores} cores; 100% = every core busy for the whole step):`);
    const line = (name, { busy, share }, wall) =>
      console.log(
        `  ${name.padEnd(40)} ${minutes(busy).padStart(6)} CPU in ${minutes(wall)}, ${Math.round(100 * share)}%`,
      );
    for (const { step, wall, cpu } of steps) if (cpu) line(step.join(' + '), cpu, wall);
    line('all', cpuAll, total);
  }
  const ok = results.every((r) => r.ok) && skipped.length === 0;
  // The plain closing line CI reads.
  console.log(`\ntests: ${passed} passed, ${failed} failed`);
  process.exit(ok ? 0 : 1);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
