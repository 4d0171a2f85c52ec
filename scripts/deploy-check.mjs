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
    name: 'production with every option',
    files: ['ci/production-test.yaml', 'ci/every-option.yaml'],
    set: [],
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

/** A quantity (`512Mi`, `1Gi`, `500m`, `2`) in bytes or cores; NaN when it is none. */
export function quantity(value) {
  const match = /^([0-9.]+)([mkKMGTPE]i?)?$/.exec(String(value ?? ''));
  if (!match) return NaN;
  const units = {
    m: 1e-3,
    k: 1e3,
    K: 1e3,
    M: 1e6,
    G: 1e9,
    T: 1e12,
    P: 1e15,
    E: 1e18,
    Ki: 2 ** 10,
    Mi: 2 ** 20,
    Gi: 2 ** 30,
    Ti: 2 ** 40,
    Pi: 2 ** 50,
    Ei: 2 ** 60,
  };
  return Number(match[1]) * (match[2] ? units[match[2]] : 1);
}

/** The smallest memory limit a container of ours can run in (Node.js alone needs more). */
export const MIN_MEMORY_LIMIT = 64 * 2 ** 20;

/** The names of a settings object's keys in a TypeScript source (`export const NAME ... = { KEY: ..., };`). */
function settingNames(file, name) {
  const source = readFileSync(path.join(repoRoot, file), 'utf8');
  const start = source.indexOf(`export const ${name}`);
  const body = source.slice(start, source.indexOf('\n};', start));
  return [...body.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]);
}

/**
 * What each process really serves and reads, from its own code: the API's GET routes (its OpenAPI contract), the
 * page server's health routes (page-server/src/lifecycle.ts), and the settings each refuses to start without in
 * production (the API's PRODUCTION_SETTINGS beside MONGODB_URI, the page server's PAGE_SERVER_SETTINGS).
 */
export function processFacts() {
  const contract = JSON.parse(readFileSync(path.join(repoRoot, 'api', 'openapi.json'), 'utf8'));
  const lifecycle = readFileSync(path.join(repoRoot, 'page-server', 'src', 'lifecycle.ts'), 'utf8');
  const healthPaths = [...lifecycle.matchAll(/export const \w+_PATH = '([^']+)'/g)].map((m) => m[1]);
  const optional = (check) => /optional\(/.test(check);
  const pageSource = readFileSync(path.join(repoRoot, 'page-server', 'src', 'settings.ts'), 'utf8');
  return {
    api: {
      paths: Object.entries(contract.paths)
        .filter(([, methods]) => methods.get)
        .map(([route]) => route)
        .filter((route) => !route.includes('{')),
      // Production needs these (what it refuses when set is ABSENT_IN_PRODUCTION, not read here).
      env: ['MONGODB_URI', ...settingNames('api/src/config/settings.ts', 'PRODUCTION_SETTINGS')],
    },
    pageServer: {
      paths: ['/config.json', '/releases.json', ...healthPaths],
      env: settingNames('page-server/src/settings.ts', 'PAGE_SERVER_SETTINGS').filter(
        (n) =>
          !optional(
            pageSource.slice(pageSource.indexOf(`${n}:`), pageSource.indexOf('\n', pageSource.indexOf(`${n}:`))),
          ),
      ),
    },
    assets: { paths: ['/mf-manifest.json'], env: [] },
  };
}

/** Which of our processes a container runs: its first argument names the page server's entries; else the API. */
function processOf(container) {
  const first = container.args?.[0] ?? '';
  if (first === 'page-server/dist/server.js') return 'pageServer';
  if (first === 'page-server/dist/assets.js') return 'assets';
  if (/\/api(@|:|$)/.test(container.image ?? '') && !container.args) return 'api';
  return undefined;
}

const podOf = (object) =>
  object.kind === 'Pod'
    ? object.spec
    : object.kind === 'Deployment' || object.kind === 'Job'
      ? object.spec?.template?.spec
      : undefined;
const podLabelsOf = (object) =>
  object.kind === 'Pod' ? (object.metadata?.labels ?? {}) : (object.spec?.template?.metadata?.labels ?? {});
const matches = (selector, labels) =>
  Object.entries(selector ?? {}).every(([key, value]) => labels[key] === value) &&
  Object.keys(selector ?? {}).length > 0;

/**
 * What the rendered objects break that kubeconform cannot see: each workload's security and resources, its probes
 * against the routes its process serves, its settings, its drain; and the wiring between objects (selectors, ports,
 * targets, TLS).
 */
export function policyProblems(
  objects,
  /** @type {{ mode?: 'production' | 'development' }} */ { mode = 'production' } = {},
  facts = processFacts(),
) {
  const production = mode === 'production';
  const problems = [];
  const workloads = objects.filter((o) => podOf(o));
  const secrets = objects.filter((o) => o.kind === 'Secret');
  const services = objects.filter((o) => o.kind === 'Service');
  for (const object of objects) {
    const where = `${object.kind} ${object.metadata?.name}`;
    const pod = podOf(object);
    if (object.kind === 'Secret' && production) {
      for (const [key, value] of Object.entries({ ...object.stringData, ...object.data }))
        if (value === '' || value == null) problems.push(`${where}: ${key} is empty`);
    }
    if (!pod) continue;
    const podSecurity = pod.securityContext ?? {};
    if (podSecurity.runAsUser === 0) problems.push(`${where}: the pod runs as root (runAsUser 0)`);
    const longRunning = object.kind === 'Deployment';
    for (const [container, init] of [
      ...(pod.initContainers ?? []).map((c) => [c, true]),
      ...(pod.containers ?? []).map((c) => [c, false]),
    ]) {
      const name = `${where}, container ${container.name}`;
      const security = container.securityContext ?? {};
      const user = security.runAsUser ?? podSecurity.runAsUser;
      if (user === 0) problems.push(`${name} runs as root (runAsUser 0)`);
      if ((security.runAsNonRoot ?? podSecurity.runAsNonRoot) !== true)
        problems.push(`${name} may run as root: runAsNonRoot is not true`);
      if (security.readOnlyRootFilesystem !== true) problems.push(`${name}: readOnlyRootFilesystem is not true`);
      if (security.allowPrivilegeEscalation !== false) problems.push(`${name}: allowPrivilegeEscalation is not false`);
      if (!(security.capabilities?.drop ?? []).includes('ALL')) problems.push(`${name} does not drop every capability`);
      if ((security.seccompProfile ?? podSecurity.seccompProfile)?.type !== 'RuntimeDefault')
        problems.push(`${name} has no RuntimeDefault seccomp profile`);
      const { requests = {}, limits = {} } = container.resources ?? {};
      if (requests.cpu === undefined || requests.memory === undefined)
        problems.push(`${name} requests no cpu or no memory`);
      if (limits.memory === undefined) problems.push(`${name} has no memory limit`);
      else if (!(quantity(limits.memory) >= MIN_MEMORY_LIMIT))
        problems.push(`${name}: a memory limit of ${limits.memory} is below ${MIN_MEMORY_LIMIT / 2 ** 20}Mi`);
      else if (quantity(requests.memory) > quantity(limits.memory))
        problems.push(`${name} requests more memory than its limit`);

      // The release code is read-only wherever it is mounted whole; a folder of it (the registry) may be written.
      for (const mount of container.volumeMounts ?? []) {
        const volume = (pod.volumes ?? []).find((v) => v.name === mount.name);
        if (volume?.persistentVolumeClaim && mount.name === 'releases' && !mount.subPath && !mount.readOnly && !init)
          problems.push(`${name} mounts the release code read-write at ${mount.mountPath}`);
      }
      const env = Object.fromEntries((container.env ?? []).map((e) => [e.name, e]));
      const value = (n) => env[n]?.value;
      if (production && 'SPORTIFY_DEV_MODE' in env) problems.push(`${name}: production sets SPORTIFY_DEV_MODE`);
      const process = processOf(container);
      if (!production && longRunning && process && value('SPORTIFY_DEV_MODE') !== '1')
        problems.push(`${name} does not set SPORTIFY_DEV_MODE=1`);
      // Every secret variable comes from a key the chart's Secret has (when the chart makes it).
      for (const e of container.env ?? []) {
        const ref = e.valueFrom?.secretKeyRef;
        if (!ref) continue;
        const secret = secrets.find((x) => x.metadata?.name === ref.name);
        if (secret && !(ref.key in { ...secret.stringData, ...secret.data }))
          problems.push(`${name} reads ${e.name} from key ${ref.key}, which Secret ${ref.name} does not have`);
      }
      if (init || !process) continue;
      // The settings its process refuses to start without in production.
      if (production)
        for (const needed of facts[process].env)
          if (!env[needed]) problems.push(`${name} is not given ${needed}, which the process needs in production`);
      if (production && process === 'api' && !/^https:\/\//.test(value('SITE_URL') ?? ''))
        problems.push(`${name}: SITE_URL is not https in production`);
      if (!longRunning) continue;
      const ports = container.ports ?? [];
      for (const kind of ['readinessProbe', 'livenessProbe', 'startupProbe']) {
        const probe = container[kind];
        if (!probe) {
          if (kind !== 'startupProbe' || process !== 'assets') problems.push(`${name} has no ${kind}`);
          continue;
        }
        const get = probe.httpGet;
        if (!get) continue;
        if (!ports.some((p) => p.name === get.port || p.containerPort === get.port))
          problems.push(`${name}: its ${kind}'s port ${get.port} is none of its container ports`);
        if (!facts[process].paths.includes(get.path))
          problems.push(`${name}: its ${kind} asks ${get.path}, which the process does not serve`);
      }
      // Its drain: the pause before SIGTERM, then the process's own drain, within the grace period.
      if (process !== 'assets' || pod.terminationGracePeriodSeconds !== undefined) {
        const pause = container.lifecycle?.preStop?.sleep?.seconds;
        if (process !== 'assets' && pause === undefined) problems.push(`${name} has no preStop pause`);
        const drain = Number(value('SHUTDOWN_TIMEOUT_SECONDS') ?? 10);
        const grace = pod.terminationGracePeriodSeconds ?? 30;
        if (!(grace > (pause ?? 0) + drain))
          problems.push(
            `${where}: terminationGracePeriodSeconds (${grace}) is not longer than the preStop pause plus SHUTDOWN_TIMEOUT_SECONDS (${(pause ?? 0) + drain})`,
          );
      }
    }
  }

  // The wiring: what selects pods selects some, what names a port names one that exists.
  const podsSelectedBy = (selector) => workloads.filter((w) => matches(selector, podLabelsOf(w)));
  const containerPorts = (pods) => pods.flatMap((w) => podOf(w).containers.flatMap((c) => c.ports ?? []));
  for (const service of services) {
    const where = `Service ${service.metadata.name}`;
    const pods = podsSelectedBy(service.spec?.selector);
    if (!pods.length) {
      problems.push(`${where}: its selector matches no pod`);
      continue;
    }
    const ports = containerPorts(pods);
    for (const port of service.spec?.ports ?? []) {
      const target = port.targetPort ?? port.port;
      if (!ports.some((p) => p.name === target || p.containerPort === target))
        problems.push(`${where}: port ${port.name ?? port.port} targets ${target}, which no selected container has`);
    }
  }
  for (const object of objects) {
    const where = `${object.kind} ${object.metadata?.name}`;
    if (object.kind === 'PodDisruptionBudget' && !podsSelectedBy(object.spec?.selector?.matchLabels).length)
      problems.push(`${where}: its selector matches no pod`);
    if (object.kind === 'NetworkPolicy') {
      const pods = podsSelectedBy(object.spec?.podSelector?.matchLabels);
      if (!pods.length) problems.push(`${where}: its podSelector matches no pod`);
      const ports = containerPorts(pods);
      for (const rule of object.spec?.ingress ?? [])
        for (const port of rule.ports ?? [])
          if (!ports.some((p) => p.containerPort === port.port || p.name === port.port))
            problems.push(`${where}: it opens port ${port.port}, which no selected container has`);
    }
    if (object.kind === 'HorizontalPodAutoscaler') {
      const target = object.spec?.scaleTargetRef ?? {};
      if (!objects.some((o) => o.kind === target.kind && o.metadata?.name === target.name))
        problems.push(`${where}: it scales ${target.kind} ${target.name}, which the chart does not make`);
      if (object.spec?.minReplicas > object.spec?.maxReplicas)
        problems.push(`${where}: minReplicas is above maxReplicas`);
    }
    if (object.kind === 'Ingress') {
      for (const rule of object.spec?.rules ?? [])
        for (const { backend } of rule.http?.paths ?? []) {
          const service = services.find((s) => s.metadata.name === backend?.service?.name);
          const port = backend?.service?.port ?? {};
          if (!service) problems.push(`${where}: its backend ${backend?.service?.name} is no Service of the chart`);
          else if (!(service.spec?.ports ?? []).some((p) => p.name === port.name || p.port === port.number))
            problems.push(`${where}: its backend ${service.metadata.name} has no port ${port.name ?? port.number}`);
          if (port.name === 'metrics' || (port.number === undefined && /metrics/.test(backend?.service?.name ?? '')))
            problems.push(`${where}: it publishes the metrics`);
        }
      if (production) {
        const covered = (object.spec?.tls ?? []).flatMap((t) => t.hosts ?? []);
        for (const rule of object.spec?.rules ?? [])
          if (!covered.includes(rule.host)) problems.push(`${where}: ${rule.host} has no TLS in production`);
      }
    }
    if (object.kind === 'ServiceMonitor') {
      const selected = services.filter((s) => matches(object.spec?.selector?.matchLabels, s.metadata?.labels ?? {}));
      if (!selected.length) problems.push(`${where}: its selector matches no Service`);
      for (const endpoint of object.spec?.endpoints ?? [])
        if (!selected.some((s) => (s.spec?.ports ?? []).some((p) => p.name === endpoint.port)))
          problems.push(`${where}: no selected Service has the port ${endpoint.port}`);
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
  /** @type {{ chart?: string, extra?: Record<string, string[]>, log?: (line: string) => void, sets?: string[] }} */ {
    chart = CHART,
    extra = {},
    log = () => {},
    sets = VALUE_SETS.map((set) => set.name),
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
    for (const set of VALUE_SETS.filter((x) => sets.includes(x.name))) {
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
        // The Prometheus Operator's kind has no Kubernetes schema: policyProblems checks its wiring.
        '-skip',
        'ServiceMonitor',
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
