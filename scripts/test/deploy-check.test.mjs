// `npm run deploy:check` passes on the chart as it is, and fails on each mistake it exists to catch: a Deployment
// without a probe (a patched copy of the chart), a container running as root and a production Secret left empty
// (values given on top of the real ones). Needs helm and kubeconform (.ci/run installs them).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHART, deployCheck } from '../deploy-check.mjs';

test('the chart renders and validates with the development and the production values', () => {
  const { problems, rendered, validation } = deployCheck();
  assert.deepEqual(problems, []);
  for (const set of ['development', 'production']) {
    for (const kind of ['Deployment/sportify-api', 'Deployment/sportify-page-server', 'Secret/sportify-settings'])
      assert.ok(rendered[set].includes(kind), `${set} renders ${kind}`);
  }
  assert.ok(rendered.production.includes('HorizontalPodAutoscaler/sportify-api'));
  assert.match(validation, /Invalid: 0, Errors: 0, Skipped: 0/);
});

test('a Deployment without a readiness probe fails the check', () => {
  const copy = mkdtempSync(path.join(os.tmpdir(), 'sportify-chart-'));
  try {
    cpSync(CHART, copy, { recursive: true });
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
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
});

test('a container running as root fails the check', () => {
  const { problems } = deployCheck({ extra: { production: ['--set', 'securityContext.runAsUser=0'] } });
  assert.ok(
    problems.some((p) => /^production: .*Deployment sportify-api, container api runs as root/.test(p)),
    problems.join('\n'),
  );
});

test('a Secret left empty in the production values fails the check, naming it', () => {
  const { problems } = deployCheck({ extra: { production: ['--set-string', 'secrets.STRIPE_WEBHOOK_SECRET='] } });
  assert.equal(problems.length, 1, problems.join('\n'));
  assert.match(problems[0], /helm (lint|template) \(production\) failed/);
  assert.match(problems[0], /secrets\.STRIPE_WEBHOOK_SECRET is empty/);
});
