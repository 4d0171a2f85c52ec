// The launcher's settings, read through its schema as every process reads its own.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SettingsError } from '@sportify/platform';
import { readSettings } from '../lib/stack.mjs';

test('with nothing set, the offline defaults of the README', () => {
  const s = readSettings({});
  assert.equal(s.developmentMode, true);
  assert.deepEqual(
    s.frontEnds.map((f) => f.port),
    [3000, 3001, 3002, 3003, 3004],
  );
  assert.deepEqual(
    [s.apiPort, s.apiMetricsPort, s.pageMetricsPort, s.dbPort, s.authPort, s.mailPorts.smtp, s.mailPorts.web],
    [5000, 5001, 3005, 27017, 9099, 1025, 1080],
  );
  assert.equal(s.apiReplicas, 2);
  assert.equal(s.publicApiUrl, '/api');
  assert.equal(s.imageOriginsIgnored, false);
  assert.equal(s.firebase.projectId, 'demo-sportify');
});

test('every wrong setting is named at once', () => {
  assert.throws(
    () =>
      readSettings({
        API_PORT: 'x',
        MF_ADMIN_PORT: '70000',
        API_REPLICAS: '40',
        FIREBASE_API_KEY: 'a-real-key',
        SPORTIFY_PUBLIC_API_URL: 'api',
      }),
    (error) => {
      assert.ok(error instanceof SettingsError);
      assert.deepEqual(error.problems, [
        'MF_ADMIN_PORT must be a port number (1-65535) (got "70000")',
        'API_PORT must be a port number (1-65535) (got "x")',
        'API_REPLICAS must be a number from 1 to 16 (got "40")',
        'SPORTIFY_PUBLIC_API_URL must be a path on the site (/api) or an http(s) URL (got "api")',
        'FIREBASE_PROJECT_ID is required when FIREBASE_API_KEY is set',
      ]);
      return true;
    },
  );
});

test('picture origins, no longer used, are noticed only when some are named', () => {
  assert.equal(
    readSettings({ SPORTIFY_IMAGE_ORIGINS: ' https://a.example, ,https://b.example ' }).imageOriginsIgnored,
    true,
  );
  assert.equal(readSettings({ SPORTIFY_IMAGE_ORIGINS: ' , ' }).imageOriginsIgnored, false);
});
