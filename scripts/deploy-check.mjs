#!/usr/bin/env node
// `npm run deploy:check`: the Helm chart (deploy/helm/sportify) renders and is valid, offline.
//   With no values file the chart is production and must refuse to render, naming every missing secret. Then helm
//   lint and helm template of the production values (the defaults plus made-up settings,
//   deploy/helm/sportify/ci/production-test.yaml), a release Job and the development values, then kubeconform
//   -strict against the schemas of one Kubernetes version kept in deploy/kubernetes-schemas/, then the rules
//   kubeconform cannot see: every long-running container has a readiness and a liveness probe, nothing runs as root
//   or writes its root file system, the API's grace period outlasts its drain, production never sets
//   SPORTIFY_DEV_MODE, development sets it in every Deployment, and no Secret is empty.
// helm and kubeconform are pinned and built once with Go into .cache/tools (scripts/lib/go-tools.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, parseAllDocuments } from 'yaml';
import { ensureGoTool, goToolPath } from './lib/go-tools.mjs';

export const KUBERNETES_VERSION = '1.34.4';
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CHART = path.join(repoRoot, 'deploy', 'helm', 'sportify');
const SCHEMAS = path.join(repoRoot, 'deploy', 'kubernetes-schemas');

/** The tools the check runs, each at the one version it is checked with. */
export const TOOLS = {
  helm: { name: 'helm', module: 'helm.sh/helm/v3/cmd/helm', version: 'v3.22.0' },
  kubeconform: { name: 'kubeconform', module: 'github.com/yannh/kubeconform/cmd/kubeconform', version: 'v0.8.0' },
};
/** Where they are built: ignored by git, kept between runs. */
export const TOOLS_DIR = path.join(repoRoot, '.cache', 'tools');

/** The pinned build of a tool under `dir`; undefined until ensureDeployTools has built it. */
export function findTool(/** @type {keyof typeof TOOLS} */ name, dir = TOOLS_DIR) {
  const bin = goToolPath(TOOLS[name], dir);
  return existsSync(bin) ? bin : undefined;
}

/** Builds whichever of helm and kubeconform is not built yet (Go must be on PATH then), one after the other. */
export async function ensureDeployTools(
  /** @type {{ dir?: string, log?: (line: string) => void, env?: NodeJS.ProcessEnv }} */ options = {},
) {
  const { dir = TOOLS_DIR, ...rest } = options;
  for (const tool of Object.values(TOOLS)) await ensureGoTool(tool, { dir, ...rest });
}

/**
 * The value sets the chart is rendered with: the file names are relative to the chart, `set` are extra helm
 * arguments, `mode` the mode every pod must get. `defaults` (no values file) must refuse to render, naming every
 * secret its pods read. A test adds its own arguments to one set to break it on purpose.
 * @type {{ name: string, files: string[], set: string[], mode?: 'production' | 'development', refuses?: boolean }[]}
 */
export const VALUE_SETS = [
  { name: 'defaults', files: [], set: [], refuses: true },
  { name: 'production', files: ['ci/production-test.yaml'], set: [], mode: 'production' },
  {
    name: 'production release Job',
    files: ['ci/production-test.yaml'],
    set: ['--set-json', 'releaseJob.args=["promote","mf-public","0.1.0-1e6fbc6.42","--canary","10"]'],
    mode: 'production',
  },
  { name: 'development', files: ['values-development.yaml'], set: [], mode: 'development' },
];

/** The secrets the chart's default pods read (values.yaml: api.secretKeys and pageServer.secretKeys). */
export function defaultSecretKeys(chart = CHART) {
  const values = parse(readFileSync(path.join(chart, 'values.yaml'), 'utf8')) ?? {};
  return [...new Set([...(values.api?.secretKeys ?? []), ...(values.pageServer?.secretKeys ?? [])])];
}

const run = (file, args) => spawnSync(file, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

/** What the rendered objects break of the rules kubeconform does not check. */
export function policyProblems(
  objects,
  /** @type {{ mode?: 'production' | 'development' }} */ { mode = 'production' } = {},
) {
  const production = mode === 'production';
  const problems = [];
  for (const object of objects) {
    const where = `${object.kind} ${object.metadata?.name}`;
    const pod = object.kind === 'Deployment' || object.kind === 'Job' ? object.spec?.template?.spec : undefined;
    if (object.kind === 'Secret' && production) {
      for (const [key, value] of Object.entries({ ...object.stringData, ...object.data }))
        if (value === '' || value == null) problems.push(`${where}: ${key} is empty`);
    }
    if (!pod) continue;
    const podSecurity = pod.securityContext ?? {};
    if (podSecurity.runAsUser === 0) problems.push(`${where}: the pod runs as root (runAsUser 0)`);
    for (const container of [...(pod.initContainers ?? []), ...(pod.containers ?? [])]) {
      const name = `${where}, container ${container.name}`;
      const security = container.securityContext ?? {};
      const user = security.runAsUser ?? podSecurity.runAsUser;
      if (user === 0) problems.push(`${name} runs as root (runAsUser 0)`);
      if ((security.runAsNonRoot ?? podSecurity.runAsNonRoot) !== true)
        problems.push(`${name} may run as root: runAsNonRoot is not true`);
      if (security.readOnlyRootFilesystem !== true) problems.push(`${name}: readOnlyRootFilesystem is not true`);
      if (security.allowPrivilegeEscalation !== false) problems.push(`${name}: allowPrivilegeEscalation is not false`);
      if (object.kind === 'Deployment') {
        if (!container.readinessProbe) problems.push(`${name} has no readinessProbe`);
        if (!container.livenessProbe) problems.push(`${name} has no livenessProbe`);
      }
      const env = Object.fromEntries((container.env ?? []).map((e) => [e.name, e.value]));
      if (production && 'SPORTIFY_DEV_MODE' in env) problems.push(`${name}: production sets SPORTIFY_DEV_MODE`);
      if (!production && object.kind === 'Deployment' && env.SPORTIFY_DEV_MODE !== '1')
        problems.push(`${name} does not set SPORTIFY_DEV_MODE=1`);
      if (
        'SHUTDOWN_TIMEOUT_SECONDS' in env &&
        !(pod.terminationGracePeriodSeconds > Number(env.SHUTDOWN_TIMEOUT_SECONDS))
      )
        problems.push(`${where}: terminationGracePeriodSeconds is not longer than SHUTDOWN_TIMEOUT_SECONDS`);
    }
  }
  return problems;
}

/** What is wrong with how the chart refuses a set that lacks its settings: each missing secret must be named. */
function refusalProblems(helm, chart, args) {
  const template = run(helm, ['template', 'sportify', chart, '--kube-version', KUBERNETES_VERSION, ...args]);
  if (template.status === 0) {
    const objects = parseAllDocuments(template.stdout)
      .map((doc) => doc.toJS())
      .filter(Boolean);
    return [
      'the chart rendered with no values file: it must refuse, naming every missing secret',
      ...policyProblems(objects, { mode: 'production' }),
    ];
  }
  const unnamed = defaultSecretKeys(chart).filter((key) => !new RegExp(`secrets\\.${key}\\b`).test(template.stderr));
  return unnamed.length
    ? [
        `the chart refused, but does not name ${unnamed.map((key) => `secrets.${key}`).join(', ')}:\n${template.stderr.trim()}`,
      ]
    : [];
}

/**
 * Lints, renders and validates the chart with every value set. Returns the problems (none: the chart is good), the
 * rendered objects per set and kubeconform's output.
 */
export function deployCheck(
  /** @type {{ chart?: string, extra?: Record<string, string[]>, log?: (line: string) => void }} */ {
    chart = CHART,
    extra = {},
    log = () => {},
  } = {},
) {
  const helm = findTool('helm');
  const kubeconform = findTool('kubeconform');
  const missing = [!helm && 'helm', !kubeconform && 'kubeconform'].filter(Boolean);
  if (missing.length)
    return {
      problems: [
        `${missing.map((name) => `${name} ${TOOLS[name].version}`).join(' and ')} not built: npm run deploy:check builds them (docs/deploy.md "The check")`,
      ],
      rendered: {},
      validation: '',
    };
  const problems = [];
  const rendered = {};
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sportify-deploy-check-'));
  const files = [];
  try {
    for (const set of VALUE_SETS) {
      const args = [...set.files.flatMap((f) => ['-f', path.join(chart, f)]), ...set.set, ...(extra[set.name] ?? [])];
      if (set.refuses) {
        const refusal = refusalProblems(helm, chart, args);
        problems.push(...refusal.map((p) => `${set.name}: ${p}`));
        rendered[set.name] = [];
        if (!refusal.length) log(`${set.name}: refused to render, naming ${defaultSecretKeys(chart).join(', ')}`);
        continue;
      }
      const lint = run(helm, ['lint', chart, '--strict', '--kube-version', KUBERNETES_VERSION, ...args]);
      if (lint.status !== 0) {
        problems.push(`helm lint (${set.name}) failed:\n${(lint.stdout + lint.stderr).trim()}`);
        continue;
      }
      const template = run(helm, ['template', 'sportify', chart, '--kube-version', KUBERNETES_VERSION, ...args]);
      if (template.status !== 0) {
        problems.push(`helm template (${set.name}) failed:\n${template.stderr.trim()}`);
        continue;
      }
      const objects = parseAllDocuments(template.stdout)
        .map((doc) => doc.toJS())
        .filter(Boolean);
      rendered[set.name] = objects.map((o) => `${o.kind}/${o.metadata.name}`);
      log(`${set.name}: ${rendered[set.name].length} objects`);
      problems.push(...policyProblems(objects, set).map((p) => `${set.name}: ${p}`));
      const file = path.join(dir, `${set.name.replace(/\W+/g, '-')}.yaml`);
      writeFileSync(file, template.stdout);
      files.push(file);
    }
    let validation = '';
    if (files.length) {
      const schema = path.join(
        SCHEMAS,
        '{{ .NormalizedKubernetesVersion }}',
        '{{ .ResourceKind }}{{ .KindSuffix }}.json',
      );
      const check = run(kubeconform, [
        '-strict',
        '-summary',
        '-kubernetes-version',
        KUBERNETES_VERSION,
        '-schema-location',
        schema,
        ...files,
      ]);
      validation = (check.stdout + check.stderr).trim().replaceAll(`${dir}/`, '');
      if (check.status !== 0) problems.push(`kubeconform -strict failed:\n${validation}`);
    }
    return { problems, rendered, validation };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  try {
    await ensureDeployTools();
  } catch (error) {
    console.error(`\ndeploy:check failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
  const { problems, rendered, validation } = deployCheck({ log: (line) => console.log(line) });
  for (const [name, objects] of Object.entries(rendered))
    if (objects.length) console.log(`\n${name}:\n  ${objects.join('\n  ')}`);
  if (validation) console.log(`\nkubeconform (Kubernetes ${KUBERNETES_VERSION}): ${validation}`);
  if (problems.length) {
    console.error(`\ndeploy:check failed:\n- ${problems.join('\n- ')}`);
    process.exit(1);
  }
  console.log(`\ndeploy:check passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
