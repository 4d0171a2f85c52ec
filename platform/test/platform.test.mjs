// The mode and the production settings check, as every process reads them (imported by package name, as they are).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  httpUrl,
  modeOf,
  optional,
  productionProblems,
  required,
  requireProductionSettings,
  secret,
  SettingsError,
} from '@sportify/platform';
import { DEV_OPS_KEY } from '@sportify/platform/keys';

describe('mode', () => {
  test('development only with SPORTIFY_DEV_MODE=1', () => {
    assert.equal(modeOf({ SPORTIFY_DEV_MODE: '1' }), 'development');
  });

  test('anything else is production, NODE_ENV included', () => {
    for (const env of [
      {},
      { SPORTIFY_DEV_MODE: '0' },
      { SPORTIFY_DEV_MODE: '' },
      { SPORTIFY_DEV_MODE: 'true' },
      { SPORTIFY_DEV_MODE: ' 1' },
      { SPORTIFY_DEV_MODE: 'yes' },
      { NODE_ENV: 'development' },
    ])
      assert.equal(modeOf(env), 'production', JSON.stringify(env));
  });
});

describe('production settings', () => {
  const checks = {
    SPORTIFY_API_URL: httpUrl('where the API is'),
    SPORTIFY_OPS_KEY: secret("the operators' key"),
    SPORTIFY_RUNTIME_CONFIG: required('the runtime config'),
    SPORTIFY_OVERRIDE_KEY: optional(
      secret('signs override links', { differentFrom: { name: 'SPORTIFY_OPS_KEY', what: "the operators' key" } }),
    ),
  };

  test('names every missing or unusable setting at once', () => {
    const problems = productionProblems({ SPORTIFY_DEV_MODE: '0' }, checks);
    assert.deepEqual(problems, [
      'SPORTIFY_API_URL is required: where the API is',
      "SPORTIFY_OPS_KEY is required: the operators' key (32+ characters)",
      'SPORTIFY_RUNTIME_CONFIG is required: the runtime config',
    ]);
    const bad = productionProblems(
      {
        SPORTIFY_API_URL: 'ftp://api',
        SPORTIFY_OPS_KEY: DEV_OPS_KEY,
        SPORTIFY_RUNTIME_CONFIG: '{}',
        SPORTIFY_OVERRIDE_KEY: 'short',
      },
      checks,
    );
    assert.equal(bad.length, 3);
    assert.match(bad[0], /^SPORTIFY_API_URL must be an http\(s\) URL/);
    assert.match(bad[1], /^SPORTIFY_OPS_KEY must not be the development value/);
    assert.match(bad[2], /^SPORTIFY_OVERRIDE_KEY must be at least 32 characters/);
  });

  test('development mode needs none of them', () => {
    assert.deepEqual(productionProblems({ SPORTIFY_DEV_MODE: '1' }, checks), []);
    requireProductionSettings('page server', { SPORTIFY_DEV_MODE: '1' }, checks);
  });

  test('requireProductionSettings throws one error naming the process and every problem', () => {
    assert.throws(
      () => requireProductionSettings('page server', {}, checks),
      (error) =>
        error instanceof SettingsError &&
        error.problems.length === 3 &&
        /^page server refuses to start in production mode/.test(error.message) &&
        error.message.includes('SPORTIFY_API_URL') &&
        error.message.includes('SPORTIFY_RUNTIME_CONFIG'),
    );
    const complete = {
      SPORTIFY_API_URL: 'https://api.camp.example',
      SPORTIFY_OPS_KEY: 'k'.repeat(32),
      SPORTIFY_RUNTIME_CONFIG: '{}',
    };
    requireProductionSettings('page server', complete, checks);
  });
});
