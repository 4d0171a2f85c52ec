#!/usr/bin/env node
// What a built chunk is made of: attributes each byte of the minified file to the source its source map names,
// grouped by npm package (or workspace folder), with each group's share of the file's gzipped size.
// Usage: node scripts/analyze-bundle.mjs shell/dist/main.*.js [more files...] [--depth 2] [--top 25]
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { SourceMapConsumer } = require('source-map'); // 0.6.x: synchronous API

const { values: opts, positionals: files } = parseArgs({
  allowPositionals: true,
  options: { depth: { type: 'string', default: '1' }, top: { type: 'string', default: '25' } },
});
if (files.length === 0) {
  console.error('usage: analyze-bundle.mjs FILE.js [FILE.js...] [--depth N] [--top N]');
  process.exit(2);
}

/** 'webpack://x/../node_modules/react-dom/cjs/...' -> 'react-dom' (depth 1) or 'react-dom/cjs' (depth 2). */
function groupOf(source, depth) {
  const clean = source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^(\.\.\/)+/, '');
  const nm = clean.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = clean.slice(nm + 'node_modules/'.length).split('/');
    const pkg = parts[0].startsWith('@') ? 2 : 1;
    return parts.slice(0, pkg + depth - 1).join('/');
  }
  if (clean.startsWith('webpack/')) return 'webpack runtime';
  return (
    clean
      .split('/')
      .slice(0, depth + 1)
      .join('/') || '(unknown)'
  );
}

for (const file of files) {
  const code = readFileSync(file, 'utf8');
  const mapFile = `${file}.map`;
  if (!existsSync(mapFile)) throw new Error(`${mapFile} is missing (production builds write source maps)`);
  const consumer = new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8')));
  const lines = code.split('\n');
  const bytes = new Map();
  const add = (group, n) => bytes.set(group, (bytes.get(group) ?? 0) + n);
  // Each mapping covers the generated text up to the next mapping on its line.
  const perLine = new Map();
  consumer.eachMapping((m) => {
    if (!perLine.has(m.generatedLine)) perLine.set(m.generatedLine, []);
    perLine.get(m.generatedLine).push(m);
  });
  let mapped = 0;
  for (const [line, mappings] of perLine) {
    const text = lines[line - 1] ?? '';
    mappings.sort((a, b) => a.generatedColumn - b.generatedColumn);
    mappings.forEach((m, i) => {
      const end = i + 1 < mappings.length ? mappings[i + 1].generatedColumn : text.length;
      const n = Buffer.byteLength(text.slice(m.generatedColumn, end));
      add(m.source ? groupOf(m.source, Number(opts.depth)) : '(unmapped)', n);
      mapped += n;
    });
  }
  const total = Buffer.byteLength(code);
  if (total > mapped) add('(unmapped)', total - mapped);
  const gz = gzipSync(code, { level: 9 }).length;
  console.log(
    `\n${path.relative(process.cwd(), file)}: ${(total / 1024).toFixed(1)} KB raw, ${(gz / 1024).toFixed(1)} KB gzipped`,
  );
  console.log("  (gzipped share = the group's raw share of this file times its gzipped size: an estimate)");
  const rows = [...bytes].sort((a, b) => b[1] - a[1]).slice(0, Number(opts.top));
  for (const [group, n] of rows) {
    console.log(
      `  ${group.padEnd(60)} ${(n / 1024).toFixed(1).padStart(7)} KB raw  ~${((gz * n) / total / 1024).toFixed(1).padStart(5)} KB gz`,
    );
  }
}
