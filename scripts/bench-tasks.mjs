#!/usr/bin/env node
// `npm run bench:tasks`: the main thread's long tasks while public pages load, by the CPU time each task used, from a
// Chromium trace of cold loads against a running site (`npm start`). Lighthouse's Total Blocking Time multiplies each
// task's wall time by its CPU throttle (4 on the mobile preset), so on a busy machine it counts the time other
// processes held the core as blocking; a task's thread time does not move with them. Printed per load: the first
// contentful paint, each task over `--min` ms of CPU with what ran inside it (scripts by file, layout, React's
// work), and the blocking time those tasks would add after the paint at 4x (CPU time x 4, less 50 ms each).
// With `--profile`, a JavaScript profile of the same loads says which functions used the CPU after the first paint
// (self time, summed over the loads, mapped to their sources through the builds' source maps).
// Prints figures; asserts nothing.
// Usage: node scripts/bench-tasks.mjs [--url http://localhost:3000] [--routes /,/classes] [--runs 3] [--min 8]
//        [--profile] [--top 25]
import { chromium } from '@playwright/test';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';

const { values: opts } = parseArgs({
  options: {
    url: { type: 'string', default: `http://localhost:${process.env.SHELL_PORT || 3000}` },
    routes: { type: 'string', default: '/,/classes,/instructors' },
    runs: { type: 'string', default: '3' },
    min: { type: 'string', default: '8' },
    profile: { type: 'boolean', default: false },
    top: { type: 'string', default: '25' },
  },
});
const base = opts.url.replace(/\/+$/, '');
const minMs = Number(opts.min);
const THROTTLE = 4;
const chromePath = process.env.CHROME_PATH || process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CATEGORIES = 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,loading,blink.user_timing';

const ms = (micros) => micros / 1000;
const cpuOf = (event) => event.tdur ?? event.dur;

/** One cold load of `url` under a trace: the renderer's main-thread tasks and the first contentful paint. */
async function traceLoad(browser, url) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const events = [];
    cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    if (opts.profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
    await page.goto(url, { waitUntil: 'networkidle' });
    // The hydration's last slices and the preloads' evaluation end within this.
    await page.waitForTimeout(1500);
    await cdp.send('Tracing.end');
    await complete;
    const profile = opts.profile ? (await cdp.send('Profiler.stop')).profile : null;
    const fcp = events.find((e) => e.name === 'firstContentfulPaint');
    const names = new Map(
      events.filter((e) => e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args.name]),
    );
    const threadOf = (e) => `${e.pid}:${e.tid}`;
    const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X');
    // The page's main thread: the main thread of the renderer that committed the page's URL.
    const committed = events.find(
      (e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && e.args.data.documentLoaderURL === url,
    );
    const main = [...names].find(
      ([key, name]) => name === 'CrRendererMain' && key.startsWith(`${committed?.pid}:`),
    )?.[0];
    if (!main) throw new Error(`No renderer main thread found for ${url}`);
    const start = committed.ts;
    const onMain = events.filter((e) => threadOf(e) === main && e.ph === 'X');
    const long = tasks
      .filter((t) => threadOf(t) === main && ms(cpuOf(t)) >= minMs)
      .sort((a, b) => a.ts - b.ts)
      .map((t) => {
        const inside = onMain
          .filter((e) => e !== t && e.name !== 'RunTask' && e.ts >= t.ts && e.ts < t.ts + t.dur)
          .sort((a, b) => cpuOf(b) - cpuOf(a))
          .slice(0, 3)
          .map((e) => {
            const file = e.args?.data?.url ? ` ${e.args.data.url.replace(/^.*\//, '')}` : '';
            return `${e.name}${file} ${ms(cpuOf(e)).toFixed(1)}`;
          });
        return {
          at: ms(t.ts - start),
          cpu: ms(cpuOf(t)),
          wall: ms(t.dur),
          afterPaint: !!fcp && t.ts > fcp.ts,
          inside,
          ts: t.ts,
          dur: t.dur,
          /** What the JS profile says the task did (--profile). */
          profile: '',
        };
      });
    const blocking = long.filter((t) => t.afterPaint).reduce((sum, t) => sum + Math.max(0, THROTTLE * t.cpu - 50), 0);
    return { fcp: fcp ? ms(fcp.ts - start) : null, long, blocking, profile, fcpTs: fcp?.ts };
  } finally {
    await context.close();
  }
}

/** Source maps of the scripts the profiles ran (`<file>.map` beside each), to name functions by their sources. */
const sourceMaps = new Map();
const require = createRequire(import.meta.url);
async function sourceMapOf(url) {
  if (!sourceMaps.has(url)) {
    sourceMaps.set(
      url,
      (async () => {
        try {
          const { SourceMapConsumer } = require('source-map');
          const response = await fetch(`${url}.map`);
          if (!response.ok) return null;
          return await new SourceMapConsumer(/** @type {any} */ (await response.json()));
        } catch {
          return null; // no map, or no source-map package: the minified name and position are printed
        }
      })(),
    );
  }
  return sourceMaps.get(url);
}

// React's phases, by the function names of react-dom's production build: a task's samples are counted under the
// innermost one on their stack.
const REACT_PHASES = new Map([
  ['flushPassiveEffects', 'passive effects'],
  ['flushMutationEffects', 'commit'],
  ['flushLayoutEffects', 'commit'],
  ['commitRoot', 'commit'],
  ['renderRootSync', 'sync render'],
  ['renderRootConcurrent', 'render slice'],
]);

/** Per long task after the paint: its profile samples by React phase, and the functions with the most self time. */
async function taskBreakdown(load) {
  const { profile } = load;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const names = new Map();
  const nameOfNode = async (id) => {
    if (!names.has(id)) {
      const { callFrame } = byId.get(id);
      const key = callFrame.url
        ? `${callFrame.url}\t${callFrame.lineNumber}\t${callFrame.columnNumber}\t${callFrame.functionName}`
        : `(${callFrame.functionName || 'program'})`;
      names.set(id, await nameOf(key));
    }
    return names.get(id);
  };
  const sampleTimes = [];
  let at = profile.startTime;
  for (const [i, id] of profile.samples.entries()) {
    at += profile.timeDeltas[i] ?? 0;
    sampleTimes.push([at, id, profile.timeDeltas[i + 1] ?? 0]);
  }
  for (const task of load.long.filter((t) => t.afterPaint)) {
    const phases = new Map();
    const self = new Map();
    for (const [time, id, delta] of sampleTimes) {
      if (time < task.ts || time >= task.ts + task.dur) continue;
      const { name } = await nameOfNode(id);
      if (byId.get(id).callFrame.functionName === '(idle)') continue;
      self.set(name, (self.get(name) ?? 0) + delta);
      let phase = 'other';
      for (let node = id; node !== undefined; node = parentOf.get(node)) {
        const found = REACT_PHASES.get((await nameOfNode(node)).name.split(' ')[0]);
        if (found) {
          phase = found;
          break;
        }
      }
      phases.set(phase, (phases.get(phase) ?? 0) + delta);
    }
    const list = (map, top) =>
      [...map]
        .sort((a, b) => b[1] - a[1])
        .slice(0, top)
        .map(([name, micros]) => `${name.replace(/ \(.*\)$/, '')} ${ms(micros).toFixed(1)}`)
        .join(' | ');
    task.profile = `phases: ${list(phases, 4)}\n          top: ${list(self, 4)}`;
  }
}

/** Self time per function (mapped to its source) in the profile's samples after the first paint, added up. */
async function addSelfTimes(totals, load) {
  const { profile, fcpTs } = load;
  if (!profile || fcpTs === undefined) return;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  let at = profile.startTime;
  for (const [i, id] of profile.samples.entries()) {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at < fcpTs) continue;
    const { callFrame } = byId.get(id);
    if (!callFrame.url) {
      if (callFrame.functionName === '(idle)') continue;
      const key = `(${callFrame.functionName || 'program'})`;
      totals.set(key, (totals.get(key) ?? 0) + delta);
      continue;
    }
    const key = `${callFrame.url}\t${callFrame.lineNumber}\t${callFrame.columnNumber}\t${callFrame.functionName}`;
    totals.set(key, (totals.get(key) ?? 0) + delta);
  }
}

async function nameOf(key) {
  if (!key.includes('\t')) return { name: key, where: key };
  const [url, line, column, name] = key.split('\t');
  const file = url.replace(/^.*\//, '');
  const map = await sourceMapOf(url);
  const original = map?.originalPositionFor({ line: Number(line) + 1, column: Number(column) });
  if (!original?.source) return { name: `${name || '(anonymous)'} ${file}:${Number(line) + 1}:${column}`, where: file };
  const source = original.source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^(\.\/)?(\.\.\/)*/, '');
  // A library by its package name; our code by its package folder.
  const where = source.match(/node_modules\/((@[^/]+\/)?[^/]+)/)?.[1] ?? source.split('/')[0];
  return { name: `${original.name || name || '(anonymous)'} ${source}:${original.line} (${file})`, where };
}

async function printProfile(loads) {
  const totals = new Map();
  for (const load of loads) await addSelfTimes(totals, load);
  const named = new Map();
  const packages = new Map();
  for (const [key, micros] of totals) {
    const { name, where } = await nameOf(key);
    named.set(name, (named.get(name) ?? 0) + micros);
    packages.set(where, (packages.get(where) ?? 0) + micros);
  }
  const all = [...named.values()].reduce((sum, t) => sum + t, 0);
  const perLoad = (micros) => ms(micros / loads.length).toFixed(1);
  const ranked = (map, top) => [...map].sort((a, b) => b[1] - a[1]).slice(0, top);
  console.log(`  JS profile after the first paint (not idle), per load: ${perLoad(all)} ms; by package:`);
  console.log(
    `    ${ranked(packages, 12)
      .map(([where, micros]) => `${where} ${perLoad(micros)}`)
      .join(', ')}`,
  );
  console.log('  by function (self time per load):');
  for (const [name, micros] of ranked(named, Number(opts.top)))
    console.log(`    ${perLoad(micros).padStart(6)} ms  ${name}`);
}

const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox'] });
try {
  for (const route of opts.routes.split(',')) {
    const loads = [];
    for (let i = 0; i < Number(opts.runs); i++) loads.push(await traceLoad(browser, base + route));
    const sorted = loads.map((l) => l.blocking).sort((a, b) => a - b);
    console.log(
      `\n${route}: blocking time at ${THROTTLE}x from CPU time after the first paint, median of ${loads.length}: ` +
        `${Math.round(sorted[Math.floor(sorted.length / 2)])} ms (${loads.map((l) => Math.round(l.blocking)).join(', ')})`,
    );
    for (const [i, load] of loads.entries()) {
      if (opts.profile) await taskBreakdown(load);
      console.log(`  load ${i + 1}: first contentful paint ${load.fcp === null ? '?' : Math.round(load.fcp)} ms`);
      for (const t of load.long)
        console.log(
          `    ${String(Math.round(t.at)).padStart(5)} ms${t.afterPaint ? '' : ' (before paint)'}: ` +
            `${t.cpu.toFixed(1)} ms CPU (${t.wall.toFixed(1)} wall): ${t.inside.join(' | ')}` +
            (t.profile ? `\n          ${t.profile}` : ''),
        );
    }
    if (opts.profile) await printProfile(loads);
  }
} finally {
  await browser.close();
}
