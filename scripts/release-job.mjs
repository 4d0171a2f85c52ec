#!/usr/bin/env node
// `npm run release:job -- <promote|rollback> <package> [<version>] [--canary N ...]`: ships a front end in a cluster
// with one one-off Job, created once (never by a Helm upgrade, so nothing replays it):
//   --request <id>     the request's id (default: from the command, the version and the staging image): the Job's
//                      name, and the history's record of it; created or run again, it changes nothing
//   --image <ref>      the platform's tools image that runs the command (default <registry>/tools:<tag>)
//   --stage <ref>      a promote's staging image (the team's tools image holding staged-releases/<package>/<version>)
//   --release, --namespace, --registry, --tag   the Helm release and where its images are (default sportify)
//   --dry-run          print the Job instead of creating it
// A team's CI runs it as its own ServiceAccount (<release>-team-<package>): the chart's admission policy admits the
// Job only for that package. kubectl must be on PATH (not with --dry-run).
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { stringify } from 'yaml';
import { FRONT_ENDS } from './lib/front-ends.mjs';
import { operator } from './releases/store.mjs';

const USAGE =
  'usage: npm run release:job -- promote <package> <version> [--canary N [--margin M] [--min-loads N]] [--stage <image>] | rollback <package>\n' +
  '       [--request <id>] [--image <tools image>] [--release sportify] [--namespace sportify] [--dry-run]';

/**
 * The Job of one request, as the chart's admission policy admits it from the package's team: the platform's tools
 * image runs releases.mjs for that package only, with the release code read-only but the registry folder; a
 * promote's staging step (the team's image) writes that package's folder only.
 * @param {{ release: string, command: string, pkg: string, version?: string, options?: string[], request: string,
 *   toolsImage: string, stageImage?: string, who: string }} job
 */
export function releaseJob({ release, command, pkg, version, options = [], request, toolsImage, stageImage, who }) {
  const full = release.includes('sportify') ? release : `${release}-sportify`;
  const labels = {
    'app.kubernetes.io/name': 'sportify',
    'app.kubernetes.io/instance': release,
    'app.kubernetes.io/component': 'release-job',
    'sportify.camp/package': pkg,
    'sportify.camp/request': request,
  };
  const security = {
    runAsNonRoot: true,
    allowPrivilegeEscalation: false,
    readOnlyRootFilesystem: true,
    capabilities: { drop: ['ALL'] },
  };
  const resources = { requests: { cpu: '50m', memory: '128Mi' }, limits: { memory: '512Mi' } };
  const stage =
    command === 'promote' && stageImage
      ? [
          {
            name: 'stage',
            image: stageImage,
            command: ['/nodejs/bin/node', '-e'],
            // Copies the staged release in once (a release never changes): aside first, then renamed into place.
            args: [
              [
                "const fs = require('fs'); const [from, to] = process.argv.slice(1);",
                'if (!fs.existsSync(to)) { fs.cpSync(from, `${to}.staging-${process.pid}`, { recursive: true });',
                'fs.renameSync(`${to}.staging-${process.pid}`, to); }',
              ].join(' '),
              `/app/staged-releases/${pkg}/${version}`,
              `/package/${version}`,
            ],
            resources,
            securityContext: security,
            volumeMounts: [{ name: 'releases', mountPath: '/package', subPath: pkg }],
          },
        ]
      : [];
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name: `${full}-${pkg}-${request}`.slice(0, 63).replace(/-+$/, ''), labels },
    spec: {
      backoffLimit: 1,
      ttlSecondsAfterFinished: 7 * 86400,
      template: {
        metadata: { labels },
        spec: {
          restartPolicy: 'Never',
          automountServiceAccountToken: false,
          securityContext: {
            runAsNonRoot: true,
            runAsUser: 10001,
            runAsGroup: 10001,
            fsGroup: 10001,
            seccompProfile: { type: 'RuntimeDefault' },
          },
          initContainers: stage,
          containers: [
            {
              name: 'release',
              image: toolsImage,
              args: [command, pkg, ...(version ? [version] : []), ...options, '--request', request],
              env: [
                { name: 'SPORTIFY_RELEASES_DIR', value: '/releases' },
                { name: 'SPORTIFY_REGISTRY_DIR', value: '/registry' },
                { name: 'SPORTIFY_ONLY_PACKAGE', value: pkg },
                { name: 'SPORTIFY_OPERATOR', value: who },
              ],
              resources,
              securityContext: security,
              volumeMounts: [
                { name: 'releases', mountPath: '/releases', readOnly: true },
                { name: 'releases', mountPath: '/registry', subPath: 'registry' },
                { name: 'tmp', mountPath: '/tmp' },
              ],
            },
          ],
          volumes: [
            { name: 'releases', persistentVolumeClaim: { claimName: `${full}-releases` } },
            { name: 'tmp', emptyDir: {} },
          ],
        },
      },
    },
  };
}

/** The default request id: the same command, version and staging image always name the same request. */
export const requestId = (parts) => createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 12);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        canary: { type: 'string' },
        margin: { type: 'string' },
        'min-loads': { type: 'string' },
        request: { type: 'string' },
        image: { type: 'string' },
        stage: { type: 'string' },
        release: { type: 'string', default: 'sportify' },
        namespace: { type: 'string', default: 'sportify' },
        registry: { type: 'string', default: process.env.REGISTRY ?? '' },
        tag: { type: 'string', default: '' },
        'dry-run': { type: 'boolean' },
      },
    });
  } catch (error) {
    console.error(`release:job refused: ${error instanceof Error ? error.message : error}\n${USAGE}`);
    process.exit(2);
  }
  const { positionals, values } = parsed;
  const [command, pkg, version] = positionals;
  const refuse = (why) => {
    console.error(`release:job refused: ${why}\n${USAGE}`);
    process.exit(2);
  };
  if (!['promote', 'rollback'].includes(command)) refuse('the command is promote or rollback');
  if (!FRONT_ENDS.some((f) => f.name === pkg)) refuse(`"${pkg ?? ''}" is not a front end`);
  if (command === 'promote' && !version) refuse('promote needs a version');
  const toolsImage = values.image || (values.registry && values.tag ? `${values.registry}/tools:${values.tag}` : '');
  if (!toolsImage) refuse('--image (the platform tools image), or --registry and --tag');
  const options = ['canary', 'margin', 'min-loads'].flatMap((o) => (values[o] ? [`--${o}`, values[o]] : []));
  const request =
    values.request || requestId([command, pkg, version ?? null, options, values.stage ?? null, toolsImage]);
  const job = releaseJob({
    release: values.release,
    command,
    pkg,
    version,
    options,
    request,
    toolsImage,
    stageImage: values.stage,
    who: operator(),
  });
  if (values['dry-run']) {
    process.stdout.write(stringify(job, { aliasDuplicateObjects: false }));
    process.exit(0);
  }
  const created = spawnSync('kubectl', ['create', '-n', values.namespace, '-f', '-', '-o', 'name'], {
    input: JSON.stringify(job),
    encoding: 'utf8',
  });
  if (created.status === 0) {
    console.log(`${created.stdout.trim()} created: kubectl -n ${values.namespace} logs -f job/${job.metadata.name}`);
    process.exit(0);
  }
  if (/AlreadyExists/.test(created.stderr)) {
    console.log(`request ${request} was made already (job/${job.metadata.name}); nothing new is created.`);
    process.exit(0);
  }
  console.error(`release:job: kubectl refused the Job:\n${created.stderr.trim()}`);
  process.exit(1);
}
