// The README's configuration table and api/README.md's, checked against the schemas every process reads its
// settings through: each variable in a table is read by a schema, each schema's variable is in a table, and each
// table's default is the schema's. The schemas are read from the builds (npm run build first).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultsOf } from '@sportify/platform';
import { DEVELOPMENT_KEYS } from '@sportify/platform/keys';

const require = createRequire(import.meta.url);
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The rows of the table under `## Configuration` in `text`: each variable named in the first cell, with its default. */
export function configurationTable(text) {
  const start = text.indexOf('\n## Configuration');
  const rows = [];
  for (const line of text.slice(start).split('\n').slice(2)) {
    if (line.startsWith('## ')) break;
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 4 || !/^`[A-Z]/.test(cells[1])) continue;
    const names = [...cells[1].matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]);
    rows.push({ names, default: cells[2] });
  }
  return rows;
}

/** Every process's settings schema, by owner, with each variable's defaults ({ development, production }). */
export async function schemaDefaults() {
  const built = (file) => {
    const full = path.join(repoRoot, file);
    if (!existsSync(full)) throw new Error(`${file} is missing: build first (npm run build)`);
    return full;
  };
  const api = require(built('api/dist/config/settings.js'));
  const pageServer = await import(built('page-server/dist/settings.js'));
  const { launcherSchema } = await import('./lib/settings.mjs');
  const { releaseSettingsSchema } = await import('./releases/settings.mjs');
  const { devServerSchema } = require('@sportify/build/dev-settings');
  /** Development's defaults from the development schema, production's from the production one. */
  const both = (schemaFor) => {
    const dev = defaultsOf(schemaFor(false));
    const prod = defaultsOf(schemaFor(true));
    return Object.fromEntries(
      Object.keys(dev).map((name) => [
        name,
        { development: dev[name].development, production: prod[name]?.production },
      ]),
    );
  };
  return {
    api: both(api.apiSettingsSchema),
    'page server': { ...both(pageServer.assetServerSchema), ...both(pageServer.pageServerSchema) },
    launcher: both(launcherSchema),
    'release commands': both(() => releaseSettingsSchema()),
    'dev servers': both(() => devServerSchema()),
  };
}

/** The literal a default is written as in a table (numbers as digits, lists by their first entry). */
const literalOf = (value) => (Array.isArray(value) ? literalOf(value[0]) : String(value));
/** No default: unset, empty, or an empty list. */
const unset = (value) => value === undefined || value === '' || (Array.isArray(value) && !value.length);

/** Whether `cell` states `value` as the default (a number in a range like 3000-3004 counts). */
function states(cell, value) {
  const literal = literalOf(value);
  if (cell.includes(literal)) return true;
  if (typeof value !== 'number') return false;
  return [...cell.matchAll(/(\d+)-(\d+)/g)].some(([, a, b]) => value >= Number(a) && value <= Number(b));
}

/**
 * A cell that states a value outright: a number, or one backticked value, and nothing else; not one made from other
 * settings (`<project>`, `$SHELL_PORT`, another setting's name).
 */
const bareLiteral = (cell) => /^(`[^`]*`|\d[\d.,\s-]*)$/.test(cell) && !/[<$]|^`[A-Z][A-Z0-9_]+`$/.test(cell);

/**
 * What does not agree between the tables and the schemas, one sentence each. Rows of api/README.md are the API's;
 * a README row is the launcher's, the page server's, the release commands' or the dev servers' when one of them
 * reads it, else the API's.
 */
export async function tableProblems(
  docs = Object.fromEntries(
    ['README.md', 'api/README.md'].map((file) => [file, readFileSync(path.join(repoRoot, file), 'utf8')]),
  ),
) {
  const schemas = await schemaDefaults();
  const problems = [];
  const tables = Object.fromEntries(Object.entries(docs).map(([file, text]) => [file, configurationTable(text)]));
  const inTables = new Set(Object.values(tables).flatMap((rows) => rows.flatMap((r) => r.names)));
  for (const [owner, defaults] of Object.entries(schemas))
    for (const name of Object.keys(defaults))
      if (!inTables.has(name) && name !== 'SPORTIFY_DEV_MODE' && name !== 'NODE_ENV')
        problems.push(`${name} is read by the ${owner}'s schema but is in neither configuration table`);

  for (const [file, rows] of Object.entries(tables))
    for (const row of rows) {
      const values = row.default.split(/,\s+/);
      row.names.forEach((name, i) => {
        const owners =
          file === 'api/README.md'
            ? ['api']
            : [...Object.keys(schemas).filter((o) => o !== 'api' && name in schemas[o]), 'api'];
        const owner = owners.find((o) => name in schemas[o]);
        if (!owner) {
          problems.push(`${file}: ${name} is in the table but no schema reads it`);
          return;
        }
        const doc = schemas[owner][name];
        // A row of several variables gives each its own default when it lists as many.
        const cell = values.length === row.names.length ? values[i] : row.default;
        for (const [mode, value] of Object.entries(doc)) {
          if (unset(value)) {
            if (bareLiteral(cell) && mode === 'development')
              problems.push(`${file}: ${name}'s default is "${cell}", but the ${owner} leaves it unset`);
          } else if (DEVELOPMENT_KEYS.includes(value)) {
            if (!/\bdev/.test(cell))
              problems.push(`${file}: ${name}'s default is a development key: the table must say so (got "${cell}")`);
          } else if (!states(cell, value))
            problems.push(
              `${file}: ${name}'s default in ${mode} mode is ${literalOf(value)}, the table says "${cell}"`,
            );
        }
      });
    }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = await tableProblems();
  for (const p of problems) console.log(p);
  process.exit(problems.length ? 1 : 0);
}
