// `npm run deploy:check` passes on the chart as it is, and fails on each mistake it exists to catch: defaults that
// render instead of refusing, a development set without the development flag, a Deployment without a probe (a
// patched copy of the chart), a container running as root and a production Secret left empty (values given on top
// of the real ones). The pinned helm and kubeconform are built first when missing (Go on PATH). The tools' build is
// shown with a stand-in `go` on PATH: nothing here compiles them or reaches the module proxy.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse, parseAllDocuments, stringify } from 'yaml';
import {
  CHART,
  KUBERNETES_VERSION,
  TOOLS,
  TOOLS_DIR,
  deployCheck,
  ensureDeployTools,
  findTool,
  policyProblems,
} from '../deploy-check.mjs';
import { ensureGoTool } from '../lib/go-tools.mjs';

before(async () => {
  await ensureDeployTools();
});

/** The secrets a production pod reads, from the chart's defaults. */
function productionSecretKeys() {
  const values = parse(readFileSync(path.join(CHART, 'values.yaml'), 'utf8'));
  return [...new Set([...values.api.secretKeys, ...values.pageServer.secretKeys])];
}

/** A copy of the chart to break on purpose; removed after `use`. */
function withChartCopy(use) {
  const copy = mkdtempSync(path.join(os.tmpdir(), 'sportify-chart-'));
  try {
    cpSync(CHART, copy, { recursive: true });
    return use(copy);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

test('with no values file the chart is production: it refuses to render, naming every missing secret', () => {
  const keys = productionSecretKeys();
  for (const key of ['JWT_SECRET', 'SPORTIFY_OPS_KEY', 'SPORTIFY_REPORT_KEY', 'STRIPE_SECRET_KEY', 'MONGODB_URI'])
    assert.ok(keys.includes(key), `the defaults' pods read ${key}`);
  const render = spawnSync(findTool('helm'), ['template', 'sportify', CHART, '--kube-version', KUBERNETES_VERSION], {
    encoding: 'utf8',
  });
  assert.notEqual(render.status, 0, 'the defaults rendered:\n' + render.stdout.slice(0, 2000));
  for (const key of keys) assert.match(render.stderr, new RegExp(`secrets\\.${key}\\b`), render.stderr);
  assert.match(render.stderr, /values-development\.yaml/);
  assert.doesNotMatch(render.stdout, /SPORTIFY_DEV_MODE/);
});

test('the chart renders and validates with the production, every-option and development values', () => {
  const { problems, rendered, validation } = deployCheck();
  assert.deepEqual(problems, []);
  for (const set of ['development', 'production']) {
    for (const kind of ['Deployment/sportify-api', 'Deployment/sportify-page-server', 'Secret/sportify-settings'])
      assert.ok(rendered[set].includes(kind), `${set} renders ${kind}`);
  }
  assert.ok(rendered.production.includes('HorizontalPodAutoscaler/sportify-api'));
  for (const kind of ['PodDisruptionBudget/sportify-remotes', 'Job/sportify-db-setup', 'Pod/sportify-smoke-test'])
    assert.ok(rendered.production.includes(kind), `production renders ${kind}`);
  assert.ok(rendered['production with every option'].includes('ServiceMonitor/sportify'));
  for (const kind of ['Deployment/sportify-auth-emulator', 'Job/sportify-demo-seed'])
    assert.ok(rendered.development.includes(kind), `development renders ${kind}`);
  assert.ok(!rendered.production.includes('Job/sportify-demo-seed'), 'production never seeds');
  assert.deepEqual(rendered.defaults, [], 'the defaults render nothing');
  // The ServiceMonitor (a Prometheus Operator kind) is left to policyProblems.
  assert.match(validation, /Invalid: 0, Errors: 0, Skipped: 1/);
});

/** The chart rendered with `args` (production's made-up settings first), as objects. */
function render(args, chart = CHART) {
  const helm = findTool('helm');
  const out = spawnSync(
    helm,
    [
      'template',
      'sportify',
      chart,
      '--kube-version',
      KUBERNETES_VERSION,
      '-f',
      path.join(chart, 'ci/production-test.yaml'),
      ...args,
    ],
    { encoding: 'utf8' },
  );
  assert.equal(out.status, 0, out.stderr);
  return parseAllDocuments(out.stdout)
    .map((doc) => doc.toJS())
    .filter(Boolean);
}

test('the bootstrap admins are given by an idempotent Job after each install and upgrade, with the API image', () => {
  const objects = render(['--set-json', 'bootstrapAdmins=["director@camp.example.com","ops@camp.example.com"]']);
  const job = objects.find((o) => o.kind === 'Job' && o.metadata.name === 'sportify-bootstrap-admins');
  assert.ok(job, 'the Job is rendered');
  assert.equal(job.metadata.annotations['helm.sh/hook'], 'post-install,post-upgrade');
  const [container] = job.spec.template.spec.containers;
  assert.equal(container.image, 'registry.example.com/sportify/api:0.1.0-1e6fbc6.42');
  assert.deepEqual(container.args, [
    'api/dist/users/admin-grant-run.js',
    'director@camp.example.com',
    'ops@camp.example.com',
  ]);
  const env = Object.fromEntries(container.env.map((e) => [e.name, e.value ?? e.valueFrom?.secretKeyRef?.key]));
  assert.equal(env.MONGODB_URI, 'MONGODB_URI', 'it reads the database from the Secret');
  assert.equal(env.SPORTIFY_OPERATOR, 'helm release sportify (bootstrap-admins)', 'the grants name the release');
  // Without admins, no Job; an address that is not one is refused by the schema.
  assert.ok(!render(['--set-json', 'bootstrapAdmins=[]']).some((o) => o.metadata.name === 'sportify-bootstrap-admins'));
  const bad = spawnSync(
    findTool('helm'),
    [
      'template',
      'sportify',
      CHART,
      '-f',
      path.join(CHART, 'ci/production-test.yaml'),
      '--set-json',
      'bootstrapAdmins=["director"]',
    ],
    { encoding: 'utf8' },
  );
  assert.notEqual(bad.status, 0);
  assert.match(bad.stderr, /bootstrapAdmins/);
});

test('an upgrade a day later renders no release Job, even with the values of a chart that had one', () => {
  const old = ['--set-json', 'releaseJob={"args":["promote","mf-public","0.1.0-1e6fbc6.42"],"publish":true}'];
  const jobs = render(old).filter((o) => o.kind === 'Job');
  assert.deepEqual(
    jobs.map((o) => o.metadata.name).sort(),
    ['sportify-bootstrap-admins', 'sportify-db-setup'],
    'only the idempotent hooks: nothing promotes or rolls back',
  );
  assert.ok(!JSON.stringify(jobs).includes('releases.mjs'));
});

test("a team's release Job passes the checks and kubeconform, and the same request names the same Job", () => {
  const make = (version, extra = []) =>
    spawnSync(
      process.execPath,
      [
        path.join(CHART, '../../../scripts/release-job.mjs'),
        'promote',
        'mf-public',
        version,
        '--image',
        'registry.example.com/sportify/tools:0.1.0-1e6fbc6.42',
        '--stage',
        'registry.example.com/team-public/tools:77',
        '--dry-run',
        ...extra,
      ],
      { encoding: 'utf8' },
    );
  const first = make('0.1.0-1e6fbc6.42');
  assert.equal(first.status, 0, first.stderr);
  const job = parse(first.stdout);
  assert.equal(make('0.1.0-1e6fbc6.42').stdout, first.stdout, 'the same request, the same Job');
  assert.notEqual(parse(make('0.1.0-1e6fbc6.43').stdout).metadata.name, job.metadata.name);
  const [release] = job.spec.template.spec.containers;
  assert.ok(release.args.includes('--request'));
  assert.deepEqual(
    release.env.find((e) => e.name === 'SPORTIFY_ONLY_PACKAGE'),
    { name: 'SPORTIFY_ONLY_PACKAGE', value: 'mf-public' },
  );
  assert.deepEqual(
    release.volumeMounts.filter((m) => !m.readOnly).map((m) => m.subPath ?? m.name),
    ['registry', 'tmp'],
    'it writes the registry folder only',
  );
  assert.deepEqual(job.spec.template.spec.initContainers[0].volumeMounts, [
    { name: 'releases', mountPath: '/package', subPath: 'mf-public' },
  ]);
  assert.deepEqual(policyProblems([job], { mode: 'production' }), []);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sportify-release-job-'));
  try {
    writeFileSync(path.join(dir, 'job.yaml'), first.stdout);
    const schema = path.join(
      CHART,
      '../../kubernetes-schemas/{{ .NormalizedKubernetesVersion }}/{{ .ResourceKind }}{{ .KindSuffix }}.json',
    );
    const check = spawnSync(
      findTool('kubeconform'),
      [
        '-strict',
        '-summary',
        '-kubernetes-version',
        KUBERNETES_VERSION,
        '-schema-location',
        schema,
        path.join(dir, 'job.yaml'),
      ],
      { encoding: 'utf8' },
    );
    assert.equal(check.status, 0, check.stdout + check.stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the images keep the same files out of their build context for Docker and for podman', () => {
  const root = path.join(CHART, '../../..');
  const [docker, podman] = ['.dockerignore', '.containerignore'].map((f) => readFileSync(path.join(root, f), 'utf8'));
  assert.equal(docker, podman);
  for (const kept of ['**/node_modules', '**/dist', '.git', '.data*', '.cache'])
    assert.ok(docker.split('\n').includes(kept), `${kept} is ignored`);
});

// The broken charts beside this test (broken-charts/*.yaml): each a copy of the chart with edits and values that
// break it one way, and the problem deploy:check must name. Every one must be caught.
const BROKEN = path.join(import.meta.dirname, 'broken-charts');
for (const file of readdirSync(BROKEN)
  .filter((f) => f.endsWith('.yaml'))
  .sort()) {
  const fixture = parse(readFileSync(path.join(BROKEN, file), 'utf8'));
  test(`broken chart ${file.replace(/\.yaml$/, '')} (${fixture.why}) is caught`, () => {
    withChartCopy((copy) => {
      for (const edit of fixture.edits ?? []) {
        const target = path.join(copy, edit.file);
        const text = readFileSync(target, 'utf8');
        assert.ok(text.includes(edit.from), `${edit.file} has the text the fixture edits:\n${edit.from}`);
        writeFileSync(target, text.replace(edit.from, edit.to));
      }
      const sets = fixture.sets ?? ['production'];
      const { problems } = deployCheck({
        chart: copy,
        sets,
        extra: Object.fromEntries(sets.map((set) => [set, fixture.set ?? []])),
      });
      assert.ok(
        problems.some((p) => new RegExp(fixture.expect).test(p)),
        `expected a problem matching /${fixture.expect}/, got:\n${problems.join('\n')}`,
      );
    });
  });
}

/** `values` with `overlay` on top, as helm merges values files: maps merged, anything else replaced. */
function merged(values, overlay) {
  const out = { ...values };
  for (const [key, value] of Object.entries(overlay ?? {})) {
    const both = [out[key], value].every((v) => v && typeof v === 'object' && !Array.isArray(v));
    out[key] = both ? merged(out[key], value) : value;
  }
  return out;
}

test('defaults that render development mode fail the check', () => {
  withChartCopy((copy) => {
    // The chart as it was: the development settings as its defaults.
    const read = (file) => parse(readFileSync(path.join(copy, file), 'utf8'));
    const development = merged(read('values.yaml'), read('values-development.yaml'));
    writeFileSync(path.join(copy, 'values.yaml'), stringify(development));
    const { problems } = deployCheck({ chart: copy });
    assert.ok(
      problems.some((p) => /^defaults: the chart rendered with no values file/.test(p)),
      problems.join('\n'),
    );
    assert.ok(
      problems.some((p) =>
        /^defaults: Deployment sportify-api, container api: production sets SPORTIFY_DEV_MODE/.test(p),
      ),
      problems.join('\n'),
    );
  });
});

test('defaults whose refusal leaves a missing secret unnamed fail the check, naming it', () => {
  // A chart that stops at the first missing setting instead of naming them all.
  withChartCopy((copy) => {
    writeFileSync(
      path.join(copy, 'templates', 'required-settings.yaml'),
      '{{- fail "secrets.MONGODB_URI is empty" }}\n',
    );
    const { problems } = deployCheck({ chart: copy });
    assert.ok(
      problems.some((p) => /^defaults: .*does not name secrets\.JWT_SECRET/s.test(p)),
      problems.join('\n'),
    );
  });
});

test('a development set without the development flag fails the check', () => {
  // Its development services off too (the schema refuses them outside development mode).
  const { problems } = deployCheck({
    extra: {
      development: [
        '--set',
        'developmentMode=false',
        '--set',
        'devServices.authEmulator.enabled=false',
        '--set',
        'devServices.seed=false',
      ],
    },
  });
  assert.ok(
    problems.some((p) =>
      /^development: Deployment sportify-api, container api does not set SPORTIFY_DEV_MODE=1/.test(p),
    ),
    problems.join('\n'),
  );
});

test('a production set with the development flag fails the check', () => {
  const { problems } = deployCheck({ extra: { production: ['--set', 'developmentMode=true'] } });
  assert.ok(
    problems.some((p) =>
      /^production: Deployment sportify-api, container api: production sets SPORTIFY_DEV_MODE/.test(p),
    ),
    problems.join('\n'),
  );
});

test('a Deployment without a readiness probe fails the check', () => {
  withChartCopy((copy) => {
    const file = path.join(copy, 'templates', 'page-server.yaml');
    const template = readFileSync(file, 'utf8');
    const probe = /^ {10}readinessProbe:\n(?: {12}.*\n)+/m;
    assert.match(template, probe);
    writeFileSync(file, template.replace(probe, ''));
    const { problems } = deployCheck({ chart: copy });
    assert.ok(
      problems.some((p) => /Deployment sportify-page-server, container page-server has no readinessProbe/.test(p)),
      problems.join('\n'),
    );
  });
});

test('a container running as root fails the check: the schema refuses the value, the check the rendered pod', () => {
  const { problems } = deployCheck({
    sets: ['production'],
    extra: { production: ['--set', 'securityContext.runAsUser=0'] },
  });
  assert.ok(
    problems.some((p) => /helm lint \(production\) failed:[\s\S]*securityContext\/runAsUser/.test(p)),
    problems.join('\n'),
  );
  withChartCopy((copy) => {
    const file = path.join(copy, 'templates', '_helpers.tpl');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace('runAsUser: {{ .Values.securityContext.runAsUser }}', 'runAsUser: 0'),
    );
    const rendered = deployCheck({ chart: copy, sets: ['production'] }).problems;
    assert.ok(
      rendered.some((p) => /^production: .*Deployment sportify-api, container api runs as root/.test(p)),
      rendered.join('\n'),
    );
  });
});

test('a Secret left empty in the production values fails the check, naming it', () => {
  const { problems } = deployCheck({ extra: { production: ['--set-string', 'secrets.STRIPE_WEBHOOK_SECRET='] } });
  assert.equal(problems.length, 1, problems.join('\n'));
  assert.match(problems[0], /helm (lint|template) \(production\) failed/);
  assert.match(problems[0], /secrets\.STRIPE_WEBHOOK_SECRET/);
});

// The tools' build, with a stand-in `go` that records what it was asked and "builds" an empty file.
const FAKE_GO = `#!/bin/sh
echo "$*|GOBIN=$GOBIN" >> "$FAKE_GO_LOG"
case "$1" in
  env) echo go1.26.0 ;;
  install) [ -n "$FAKE_GO_FAIL" ] && { echo "go: build failed" >&2; exit 1; }
    package="\${2%%@*}"; /bin/mkdir -p "$GOBIN" && : > "$GOBIN/\${package##*/}" ;;
esac
`;

function fakeGo({ fail = false } = {}) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'sportify-go-tools-'));
  const binDir = path.join(root, 'path');
  mkdirSync(binDir);
  writeFileSync(path.join(binDir, 'go'), FAKE_GO);
  chmodSync(path.join(binDir, 'go'), 0o755);
  const log = path.join(root, 'go.log');
  const env = { PATH: binDir, FAKE_GO_LOG: log, ...(fail ? { FAKE_GO_FAIL: '1' } : {}) };
  const calls = () => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : []);
  return {
    root,
    dir: path.join(root, 'tools'),
    env,
    calls,
    done: () => rmSync(root, { recursive: true, force: true }),
  };
}

test('a missing tool is built once with go install at its pinned version into its own folder', async () => {
  const go = fakeGo();
  try {
    const lines = [];
    const tool = TOOLS.kubeconform;
    const bin = await ensureGoTool(tool, { dir: go.dir, env: go.env, log: (line) => lines.push(line) });
    assert.equal(bin, path.join(go.dir, 'kubeconform-v0.8.0', 'kubeconform'));
    assert.ok(existsSync(bin));
    const install = go.calls().filter((c) => c.startsWith('install '));
    assert.equal(install.length, 1, go.calls().join('\n'));
    assert.match(install[0], /^install github\.com\/yannh\/kubeconform\/cmd\/kubeconform@v0\.8\.0\|GOBIN=/);
    assert.ok(
      lines.some((l) => /Building kubeconform v0\.8\.0 with go1\.26\.0/.test(l)),
      lines.join('\n'),
    );
    assert.deepEqual(readdirSync(go.dir), ['kubeconform-v0.8.0'], 'nothing half-built is left beside it');
    // The second run uses that build.
    assert.equal(await ensureGoTool(tool, { dir: go.dir, env: go.env, log: () => {} }), bin);
    assert.equal(go.calls().filter((c) => c.startsWith('install ')).length, 1);
    assert.equal(findTool('kubeconform', go.dir), bin);
    assert.equal(findTool('helm', go.dir), undefined);
  } finally {
    go.done();
  }
});

test('deploy:check looks only for the pinned versions, in the tools folder', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sportify-tools-'));
  try {
    mkdirSync(path.join(dir, 'helm-v3.0.0'));
    writeFileSync(path.join(dir, 'helm-v3.0.0', 'helm'), '');
    assert.equal(findTool('helm', dir), undefined, 'another version is not the pinned one');
    assert.equal(path.dirname(path.dirname(findTool('helm') ?? '')), TOOLS_DIR);
    assert.match(TOOLS.helm.version, /^v\d+\.\d+\.\d+$/);
    assert.match(TOOLS.kubeconform.version, /^v\d+\.\d+\.\d+$/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('without Go a missing tool fails, naming Go; a built one needs no Go', async () => {
  const go = fakeGo();
  try {
    const noGo = { PATH: path.join(go.root, 'empty') };
    await assert.rejects(ensureGoTool(TOOLS.helm, { dir: go.dir, env: noGo, log: () => {} }), (error) => {
      assert.match(
        error.message,
        /helm v3\.22\.0 is built from source with Go, and `go` is not on PATH: install Go 1\.26 or newer/,
      );
      return true;
    });
    await ensureGoTool(TOOLS.helm, { dir: go.dir, env: go.env, log: () => {} });
    assert.equal(
      await ensureGoTool(TOOLS.helm, { dir: go.dir, env: noGo, log: () => {} }),
      path.join(go.dir, 'helm-v3.22.0', 'helm'),
    );
  } finally {
    go.done();
  }
});

test('a failed build says so and leaves no tool behind', async () => {
  const go = fakeGo({ fail: true });
  try {
    await assert.rejects(
      ensureGoTool(TOOLS.helm, { dir: go.dir, env: go.env, log: () => {} }),
      /Building helm v3\.22\.0 failed/,
    );
    assert.equal(findTool('helm', go.dir), undefined);
    assert.deepEqual(existsSync(go.dir) ? readdirSync(go.dir) : [], []);
  } finally {
    go.done();
  }
});
