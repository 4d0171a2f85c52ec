#!/usr/bin/env node
// `npm run bench:tasks`: the main thread's long tasks while public pages load, by the CPU time each task used, from a
// Chromium trace of cold loads against a running site (`npm start`). Lighthouse's Total Blocking Time multiplies each
// task's wall time by its CPU throttle (4 on the mobile preset), so on a busy machine it counts the time other
// processes held the core as blocking; a task's thread time does not move with them. Printed per load: the first
// contentful paint, each task over `--min` ms of CPU with what ran inside it (scripts by file, layout, React's
// work), and the blocking time those tasks would add after the paint at 4x (CPU time x 4, less 50 ms each).
// Prints figures; asserts nothing.
// Usage: node scripts/bench-tasks.mjs [--url http://localhost:3000] [--routes /,/classes] [--runs 3] [--min 8]
import { chromium } from '@playwright/test';
import { parseArgs } from 'node:util';

const { values: opts } = parseArgs({
  options: {
    url: { type: 'string', default: `http://localhost:${process.env.SHELL_PORT || 3000}` },
    routes: { type: 'string', default: '/,/classes,/instructors' },
    runs: { type: 'string', default: '3' },
    min: { type: 'string', default: '8' },
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
    await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
    await page.goto(url, { waitUntil: 'networkidle' });
    // The hydration's last slices and the preloads' evaluation end within this.
    await page.waitForTimeout(1500);
    await cdp.send('Tracing.end');
    await complete;
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
        return { at: ms(t.ts - start), cpu: ms(cpuOf(t)), wall: ms(t.dur), afterPaint: !!fcp && t.ts > fcp.ts, inside };
      });
    const blocking = long.filter((t) => t.afterPaint).reduce((sum, t) => sum + Math.max(0, THROTTLE * t.cpu - 50), 0);
    return { fcp: fcp ? ms(fcp.ts - start) : null, long, blocking };
  } finally {
    await context.close();
  }
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
      console.log(`  load ${i + 1}: first contentful paint ${load.fcp === null ? '?' : Math.round(load.fcp)} ms`);
      for (const t of load.long)
        console.log(
          `    ${String(Math.round(t.at)).padStart(5)} ms${t.afterPaint ? '' : ' (before paint)'}: ` +
            `${t.cpu.toFixed(1)} ms CPU (${t.wall.toFixed(1)} wall): ${t.inside.join(' | ')}`,
        );
    }
  }
} finally {
  await browser.close();
}
