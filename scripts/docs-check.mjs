#!/usr/bin/env node
// `npm run docs:check`: fails when a doc names something that does not exist. The docs are README.md,
// CONVENTIONS.md, docs/*.md and each workspace package's README.md. What it recognises, and the rule for each:
//
// - repository paths: a backticked span with a `/` whose first part is an entry of the repository root, of the
//   doc's own folder or of a workspace package (`api/src/main.ts`, `src/screens.json`), and every relative link
//   `[text](path#anchor)`. The path must exist (tracked, or a place git ignores because it is made: `api/dist`,
//   `.data/`), relative to the root, the doc's folder or, for a span, some package; `<name>` and `*` stand for any
//   one part. A link's `#anchor` must be a heading of the Markdown file it names. A span or link that leaves the
//   repository (`../shared/...`) is refused. A backticked bare file name of source code (`settlement.service.ts`)
//   must be the name of a tracked file.
// - npm scripts: `npm run <name>`, `npm test` and `npm start`, with `-w <workspace>` for a package's own script,
//   anywhere in a doc: the script must be in that package.json (the root's without `-w`).
// - environment variables: a backticked UPPER_SNAKE name (`MONGODB_URI`, `SPORTIFY_DEV_MODE=1`) and `NAME=value`
//   in a fenced shell block: the name must occur in the code (any tracked file that is not Markdown).
// - screen routes: a backticked `/dashboard...` path must match a screen of a remote's src/screens.json (`:id` and
//   `<id>` match any one part); `/login` and `/register` are the shell's own.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE_NAME = /^[\w.-]+\.(?:ts|tsx|mts|mjs|cjs|sh)$/;
const ENV_NAME = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;
const SHELL_ROUTES = ['/login', '/register'];
/** Variables of other programs the docs tell how to set (podman, for the images). */
const OTHER_PROGRAMS = new Set(['STORAGE_DRIVER', 'BUILDAH_ISOLATION', 'CONTAINERS_CONF']);

function git(root, args) {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

/** Every tracked file and the folders holding them, relative to the root. */
function trackedEntries(root) {
  const files = git(root, ['ls-files', '-z', '--cached', '--others', '--exclude-standard'])
    .split('\0')
    .filter(Boolean)
    .filter((f) => existsSync(path.join(root, f)));
  const entries = new Set(files);
  for (const f of files) for (let d = path.posix.dirname(f); d !== '.'; d = path.posix.dirname(d)) entries.add(d);
  return { files, entries };
}

/** Which of `paths` git ignores (places the build, the tests or the launcher make), in one call. */
function ignoredAmong(root, paths) {
  if (!paths.length) return new Set();
  let out = '';
  try {
    out = execFileSync('git', ['check-ignore', '--no-index', '--stdin', '-z'], {
      cwd: root,
      input: paths.join('\0'),
      encoding: 'utf8',
    });
  } catch (err) {
    out = /** @type {{ stdout?: string }} */ (err).stdout ?? ''; // exit code 1: none of them is ignored
  }
  return new Set(out.split('\0').filter(Boolean));
}

/** The workspace packages: folder and package.json of each (the root's too, as ''). */
function packages(root) {
  const rootPkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const list = [{ dir: '', pkg: rootPkg }];
  for (const dir of rootPkg.workspaces ?? []) {
    const file = path.join(root, dir, 'package.json');
    if (existsSync(file)) list.push({ dir, pkg: JSON.parse(readFileSync(file, 'utf8')) });
  }
  return list;
}

/** The docs it reads: README.md, CONVENTIONS.md, docs/*.md and each package's README.md. */
export function docsOf(files, pkgs) {
  const wanted = new Set([
    'README.md',
    'CONVENTIONS.md',
    ...pkgs.filter((p) => p.dir).map((p) => `${p.dir}/README.md`),
  ]);
  return files.filter((f) => wanted.has(f) || /^docs\/[^/]+\.md$/.test(f)).sort();
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to dashes. */
export function anchorOf(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(text) {
  const anchors = new Set();
  const seen = new Map();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const m = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = anchorOf(m[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n ? `${base}-${n}` : base);
  }
  return anchors;
}

/** A route pattern's parts match a doc's route: `:x` and `<x>` on either side match any one part. */
function routeMatches(pattern, route) {
  const a = pattern.split('/').filter(Boolean);
  const b = route
    .replace(/[?#].*$/, '')
    .split('/')
    .filter(Boolean);
  if (a.length !== b.length) return false;
  const any = (s) => s.startsWith(':') || /^<[^>]+>$/.test(s);
  return a.every((s, i) => s === b[i] || any(s) || any(b[i]));
}

/**
 * The problems of the repository at `root`: `{ file, line, kind, name, why }` for every name a doc gives that does
 * not exist.
 */
export function checkDocs(root) {
  // The first pass collects the places whose ignore rule it needs, so git is asked once for all of them.
  const asked = new Set();
  scan(root, (rel) => (asked.add(rel), asked.add(`${rel}/`), false));
  const ignoredSet = ignoredAmong(root, [...asked]);
  return scan(root, (rel) => ignoredSet.has(rel) || ignoredSet.has(`${rel}/`));
}

function scan(root, ignoredOne) {
  /** `rel` or a folder holding it is ignored by git. */
  const ignored = (_root, rel) => {
    for (let p = rel; p && p !== '.'; p = path.posix.dirname(p)) if (ignoredOne(p)) return true;
    return false;
  };
  const { files, entries } = trackedEntries(root);
  const pkgs = packages(root);
  const docs = docsOf(files, pkgs);
  const code = files.filter((f) => !f.endsWith('.md'));
  const basenames = new Set(files.map((f) => path.posix.basename(f)));
  const screenPaths = [
    ...SHELL_ROUTES,
    ...files
      .filter((f) => /^[^/]+\/src\/screens\.json$/.test(f))
      .flatMap((f) => JSON.parse(readFileSync(path.join(root, f), 'utf8')).map((s) => s.path)),
  ];

  let codeText;
  const knownNames = () => {
    if (!codeText) {
      codeText = new Set();
      for (const f of code) {
        let text;
        try {
          text = readFileSync(path.join(root, f), 'utf8');
        } catch {
          continue;
        }
        for (const m of text.matchAll(/[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+/g)) codeText.add(m[0]);
      }
    }
    return codeText;
  };

  const knownName = (name) => OTHER_PROGRAMS.has(name) || knownNames().has(name);
  const exists = (rel) => entries.has(rel) || files.includes(rel) || ignored(root, rel);
  /** `rel` (from the root) exists; `<x>`, `{x}` and `*` match within one part, `**` and a last `...` any parts. */
  const existsPattern = (rel) => {
    const parts = rel
      .replace(/\/\.\.\.$/, '/**')
      .split('/')
      .filter(Boolean);
    const wild = parts.findIndex((p) => /[*<{]/.test(p));
    if (wild < 0) return exists(parts.join('/'));
    const prefix = parts.slice(0, wild).join('/');
    if (prefix && ignored(root, prefix)) return true;
    const part = (p) =>
      p === '**'
        ? '.*'
        : p
            .split(/(<[^>]*>|\{[^}]*\}|\*)/)
            .map((x) => (/^(<[^>]*>|\{[^}]*\}|\*)$/.test(x) ? '[^/]*' : x.replace(/[.+?^$()|[\]\\]/g, '\\$&')))
            .join('');
    const re = new RegExp(`^${parts.map(part).join('/')}$`);
    return [...entries].some((e) => re.test(e));
  };

  /** The tracked source files a span names (a path, or a bare file name), or null when it names none. */
  const sourceFiles = (span, dir) => {
    if (!/\.(?:ts|tsx|mts|mjs|cjs|js)$/.test(span) || /\s/.test(span)) return null;
    if (!span.includes('/')) return files.filter((f) => path.posix.basename(f) === span);
    return [span, dir && `${dir}/${span}`].filter((f) => f && files.includes(f));
  };

  const texts = new Map();
  const textOf = (f) => {
    if (!texts.has(f)) texts.set(f, readFileSync(path.join(root, f), 'utf8'));
    return texts.get(f);
  };
  /** Whether file `f` defines `name`: a declaration, a method or property, or an export of it (not a mere call). */
  const defines = (f, name) => {
    const n = name.replace(/\$/g, '\\$');
    const modifiers = '(?:(?:export|default|public|private|protected|static|async|readonly|get|set|override)\\s+)*';
    return [
      `\\b(?:function\\*?|class|interface|type|enum|const|let|var)\\s+${n}\\b`,
      `^\\s*${modifiers}${n}\\s*(?:<[^>\\n]*>)?\\s*\\([^;\\n]*$`,
      `^\\s*${modifiers}${n}\\s*[?!]?\\s*[:=]`,
      `export\\s*(?:type\\s*)?\\{[^}]*\\b${n}\\b`,
    ].some((re) => new RegExp(re, 'm').test(textOf(f)));
  };
  const sources = files.filter((f) => /\.(?:ts|tsx|mts|mjs|cjs|js)$/.test(f) && !/\.d\.ts$/.test(f));
  /** The source files declaring a class, interface, function or constant of this name. */
  const definersOf = (name) =>
    sources.filter((f) => new RegExp(`\\b(?:class|interface|function|const|type|enum)\\s+${name}\\b`).test(textOf(f)));

  const problems = [];
  for (const doc of docs) {
    const dir = path.posix.dirname(doc) === '.' ? '' : path.posix.dirname(doc);
    const text = readFileSync(path.join(root, doc), 'utf8');
    const lines = text.split('\n');
    const report = (line, kind, name, why) => problems.push({ file: doc, line, kind, name, why });
    let fence = null;
    lines.forEach((line, i) => {
      const n = i + 1;
      const fenceMark = /^\s*```(\w*)/.exec(line);
      if (fenceMark) {
        fence = fence === null ? fenceMark[1] || 'text' : null;
        return;
      }

      // npm scripts, inside or outside code.
      for (const m of line.matchAll(/\bnpm (run|test|start)\b(?: ([\w:.-]+))?((?: -{1,2}[\w-]+(?: [@\w/.<>-]+)?)*)/g)) {
        const script = m[1] === 'run' ? m[2] : m[1];
        if (!script || script.startsWith('-')) continue;
        const ws = /(?:-w|--workspace) ([@\w/.<>-]+)/.exec(m[0])?.[1];
        const name = `npm run ${script}${ws ? ` -w ${ws}` : ''}`;
        // `-w <remote>` may be any package with the script; without -w, the root's, or a package README's own.
        const candidates = !ws
          ? pkgs.filter((p) => p.dir === '' || p.dir === dir)
          : /^<.*>$/.test(ws)
            ? pkgs.filter((p) => p.dir)
            : pkgs.filter((p) => p.dir === ws || p.pkg.name === ws);
        if (!candidates.length) report(n, 'npm script', name, `no workspace ${ws}`);
        else if (!candidates.some((p) => p.pkg.scripts?.[script]))
          report(n, 'npm script', name, `no script "${script}" in ${ws ? `${ws}'s` : 'the root'} package.json`);
      }

      if (fence !== null) {
        // Settings given to a command in a shell block.
        if (/^(bash|sh|shell|console|)$/.test(fence) || fence === 'text')
          for (const m of line.matchAll(/(?:^|\s)([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)=/g))
            if (!knownName(m[1])) report(n, 'environment variable', m[1], 'read by no code');
        return;
      }

      // Relative links.
      for (const m of line.matchAll(/\[[^\]]*\]\(([^)\s]+)\)/g)) {
        const target = m[1];
        if (/^[a-z]+:/i.test(target) || target.startsWith('/')) continue;
        const [file, anchor] = target.split('#');
        const rel = file ? path.posix.normalize(path.posix.join(dir, file)) : doc;
        if (rel.startsWith('..')) report(n, 'link', target, 'outside the repository');
        else if (!exists(rel)) report(n, 'link', target, 'no such file or folder');
        else if (anchor && rel.endsWith('.md') && !anchorsOf(readFileSync(path.join(root, rel), 'utf8')).has(anchor))
          report(n, 'link', target, `no heading #${anchor} in ${rel}`);
      }

      // `file.ts` `a`, `b`: names listed right after a source file's name (in a table cell) are things it defines.
      if (line.trimStart().startsWith('|'))
        for (const cell of line.split('|')) {
          let sources = null;
          let end = 0;
          for (const m of cell.matchAll(/`([^`]+)`/g)) {
            const span = m[1].trim();
            const adjacent = /^[\s,]*$/.test(cell.slice(end, m.index));
            end = m.index + m[0].length;
            const named = sourceFiles(span, dir);
            if (named) sources = named;
            else if (adjacent && sources?.length && /^[a-z_$][\w$]*$/.test(span)) {
              if (!sources.some((f) => defines(f, span))) report(n, 'name', span, `not in ${sources.join(' or ')}`);
            } else sources = null;
          }
        }

      // `Class.member`: when the code defines the class, the member is in its file.
      for (const m of line.matchAll(/`([A-Z]\w*)\.([a-zA-Z_$][\w$]*)`/g)) {
        const homes = definersOf(m[1]);
        if (homes.length && !homes.some((f) => defines(f, m[2])))
          report(n, 'name', `${m[1]}.${m[2]}`, `not in ${homes.join(' or ')}`);
      }

      // Backticked spans.
      for (const m of line.matchAll(/`([^`]+)`/g)) {
        const span = m[1].trim();
        const env = /^([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)(?:=\S*)?$/.exec(span);
        if (env && ENV_NAME.test(env[1])) {
          if (!knownName(env[1])) report(n, 'environment variable', env[1], 'read by no code');
          continue;
        }
        if (/^\/dashboard(\/|$)/.test(span) && !/\s/.test(span)) {
          if (!screenPaths.some((p) => routeMatches(p, span))) report(n, 'screen route', span, 'matches no screen');
          continue;
        }
        if (/\s|:\/\/|^[/~$@]|^-/.test(span)) continue;
        if (SOURCE_NAME.test(span)) {
          if (!basenames.has(span)) report(n, 'file', span, 'no tracked file has this name');
          continue;
        }
        if (!span.includes('/')) continue;
        const clean = span.replace(/[#?:].*$/, '').replace(/\/$/, '');
        if (!clean) continue;
        if (clean.startsWith('../')) {
          const rel = path.posix.normalize(path.posix.join(dir, clean));
          if (rel.startsWith('..')) report(n, 'path', span, 'outside the repository');
          else if (!existsPattern(rel)) report(n, 'path', span, 'no such file or folder');
          continue;
        }
        const first = clean.split('/')[0];
        const bases = [
          '',
          ...(dir ? [dir] : []),
          ...pkgs.filter((p) => p.dir && p.dir !== dir).map((p) => p.dir),
        ].filter(
          (b) =>
            exists(b ? `${b}/${first}` : first) ||
            (first.startsWith('.') && ignored(root, b ? `${b}/${first}` : first)),
        );
        if (!bases.length) continue; // not a path of this repository (a MIME type, a time zone, ...)
        if (!bases.some((b) => existsPattern(b ? `${b}/${clean}` : clean)))
          report(n, 'path', span, 'no such file or folder');
      }
    });
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const problems = checkDocs(root);
  for (const p of problems) console.log(`${p.file}:${p.line}: ${p.kind} ${p.name}: ${p.why}`);
  if (problems.length) {
    console.log(`docs:check: ${problems.length} name(s) in the docs that do not exist`);
    process.exit(1);
  }
  console.log('docs:check: every path, npm script, environment variable and screen route the docs name exists');
}
