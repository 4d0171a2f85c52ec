/**
 * @jest-environment node
 */
// The production index.html preloads what the shell needs before its first render (StartupPreloadPlugin in
// @sportify/build) and nothing that stays lazy. `npm test` builds before jest; locally run
// `npm run build -w shell` first. A missing build fails here on purpose.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dist = path.resolve(__dirname, '../dist');

function preloadedScripts(): string[] {
  const html = path.join(dist, 'index.html');
  if (!existsSync(html)) throw new Error(`${html} is missing: run \`npm run build -w shell\` first`);
  const links = readFileSync(html, 'utf8').match(/<link[^>]*rel="?preload"?[^>]*>/g) ?? [];
  return links.filter((link) => /as="?script/.test(link)).map((link) => /href="?\/([^"\s>]+)/.exec(link)?.[1] ?? '');
}

/** The packages (or our own folders) a chunk holds, from its source map (a tiny re-export stub has none). */
function contents(file: string): string[] {
  if (!existsSync(path.join(dist, `${file}.map`))) return [];
  const { sources } = JSON.parse(readFileSync(path.join(dist, `${file}.map`), 'utf8')) as { sources: string[] };
  return sources.map((source) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1] ?? source);
}

describe('shell start-up preloads', () => {
  it('preload files that the build emitted', () => {
    const files = preloadedScripts();
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(existsSync(path.join(dist, file))).toBe(true);
  });

  it('cover the bootstrap and the shared libraries of the first render, and leave lazy code lazy', () => {
    const held = new Set(preloadedScripts().flatMap(contents));
    for (const needed of ['react-dom', 'react-router', 'styled-components', '@reduxjs/toolkit', 'react-redux']) {
      expect(held).toContain(needed);
    }
    expect([...held].some((source) => source.endsWith('/src/bootstrap.tsx'))).toBe(true);
    // Firebase loads only for signed-in sessions, axios with the first signed-in call or write (a visitor's reads
    // use fetch) and react-toastify with the first notice.
    expect(
      [...held].filter(
        (name) => name.startsWith('@firebase') || name === 'firebase' || name === 'react-toastify' || name === 'axios',
      ),
    ).toEqual([]);
  });

  it('download main.js at once, at high priority, and run it only after the page has been painted', () => {
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    // No parser-run entry script: a deferred one would run right after parsing, before the first paint.
    expect(html).not.toMatch(/<script[^>]*\ssrc=/);
    const main = /<link[^>]*rel="?preload"?[^>]*href="?\/(main\.[0-9a-f]+\.js)"?[^>]*>/.exec(html);
    expect(main?.[0]).toMatch(/fetchpriority="?high/);
    const loader = [...html.matchAll(/<script>([^<]*)<\/script>/g)].map((m) => m[1]).find((s) => s.includes(main![1]));
    expect(loader).toMatch(/DOMContentLoaded/);
    expect(loader).toMatch(/requestAnimationFrame/);
  });
});
