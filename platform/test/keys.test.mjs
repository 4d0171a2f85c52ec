// The development keys, the one key rule and the formats signed with the keys, as every process imports them.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import {
  DEV_OPS_KEY,
  DEV_REPORT_KEY,
  DEVELOPMENT_KEYS,
  keyProblem,
  networkPrefix,
  overrideOriginProblem,
  parseOverrideOrigins,
  reportClient,
  signReportToken,
  usableKey,
  verifyReportToken,
} from '@sportify/platform/keys';

const repo = path.resolve(import.meta.dirname, '../..');

describe('the development keys', () => {
  test('each is written once, in platform/src/keys.ts: every process, script and test imports it', () => {
    const files = execFileSync('git', ['ls-files'], { cwd: repo, encoding: 'utf8' })
      .split('\n')
      // The docs may quote a value to say what it is; code and tests import it.
      .filter((file) => /\.(ts|tsx|js|mjs|cjs|json|ya?ml)$/.test(file) && file !== 'platform/src/keys.ts');
    const copies = files.flatMap((file) => {
      let text;
      try {
        text = readFileSync(path.join(repo, file), 'utf8');
      } catch {
        return [];
      }
      return DEVELOPMENT_KEYS.filter((key) => text.includes(key)).map((key) => `${file}: ${key}`);
    });
    assert.deepEqual(copies, []);
  });

  test('the key rule: 32+ characters, no development key, not a key it must differ from', () => {
    assert.equal(keyProblem(undefined), 'missing');
    assert.equal(keyProblem('  '), 'missing');
    assert.equal(keyProblem('k'.repeat(31)), 'short');
    for (const key of DEVELOPMENT_KEYS.filter((k) => k.length >= 32)) assert.equal(keyProblem(key), 'development');
    assert.equal(keyProblem('k'.repeat(32), { notOneOf: [undefined, 'k'.repeat(32)] }), 'reused');
    assert.equal(keyProblem('k'.repeat(32)), undefined);
    assert.equal(usableKey(undefined, DEV_OPS_KEY, true), DEV_OPS_KEY);
    assert.equal(usableKey(undefined, DEV_OPS_KEY, false), undefined);
    assert.equal(usableKey(DEV_OPS_KEY, DEV_OPS_KEY, false), undefined);
    assert.equal(usableKey(` ${'k'.repeat(40)} `, DEV_OPS_KEY, false), 'k'.repeat(40));
  });
});

describe('the report token', () => {
  const traceId = 'a'.repeat(32);
  const releases = { mf_public: ['0.1.0-abc1234.1', 'canary'], shell: [null, 'build'] };
  const expiresAt = new Date(Date.now() + 60_000);

  test('round-trips what the page server signs; anything changed, expired or signed elsewhere is nothing', () => {
    const client = reportClient(DEV_REPORT_KEY, '203.0.113.7');
    const token = signReportToken(DEV_REPORT_KEY, { traceId, releases, client, expiresAt });
    assert.deepEqual(verifyReportToken(DEV_REPORT_KEY, token), {
      traceId,
      releases,
      client,
      expiresAt: new Date(Math.floor(expiresAt.getTime() / 1000) * 1000),
    });
    assert.equal(verifyReportToken('another-key-of-at-least-thirty-two-chars', token), undefined);
    assert.equal(verifyReportToken(DEV_REPORT_KEY, token, expiresAt.getTime() + 1000), undefined);
    const [v, payload, signature] = token.split('.');
    const other = Buffer.from(JSON.stringify({ t: traceId, r: releases, c: 'x'.repeat(22), e: 9e9 })).toString(
      'base64url',
    );
    assert.equal(verifyReportToken(DEV_REPORT_KEY, `${v}.${other}.${signature}`), undefined);
    assert.equal(verifyReportToken(DEV_REPORT_KEY, `${v}.${payload}.${'A'.repeat(43)}`), undefined);
    // An override is never counted; a token without a client still verifies (made before clients were named).
    const overridden = signReportToken(DEV_REPORT_KEY, {
      traceId,
      releases: { ...releases, mf_admin: [null, 'override'] },
      expiresAt,
    });
    assert.deepEqual(verifyReportToken(DEV_REPORT_KEY, overridden)?.releases, releases);
    assert.equal(verifyReportToken(DEV_REPORT_KEY, overridden)?.client, undefined);
  });

  test('a client is its network: the /24 of IPv4, the /64 of IPv6, named without its address', () => {
    assert.equal(networkPrefix('203.0.113.7'), '203.0.113.0/24');
    assert.equal(networkPrefix('::ffff:203.0.113.9'), '203.0.113.0/24');
    assert.equal(networkPrefix('2001:db8:1:2::1'), '2001:0db8:0001:0002::/64');
    assert.equal(networkPrefix('2001:DB8:1:2:ffff:ffff:ffff:ffff'), '2001:0db8:0001:0002::/64');
    assert.equal(networkPrefix('::1'), '0000:0000:0000:0000::/64');
    assert.equal(networkPrefix('fe80::1%eth0'), 'fe80:0000:0000:0000::/64');
    const client = reportClient(DEV_REPORT_KEY, '203.0.113.7');
    assert.match(client, /^[\w-]{22}$/);
    assert.equal(reportClient(DEV_REPORT_KEY, '203.0.113.250'), client);
    assert.notEqual(reportClient(DEV_REPORT_KEY, '203.0.114.7'), client);
    assert.notEqual(reportClient('another-key-of-at-least-thirty-two-chars', '203.0.113.7'), client);
  });
});

describe('override origins', () => {
  test('SPORTIFY_OVERRIDE_ORIGINS: origins; in production https, or http on the loopback', () => {
    assert.deepEqual(parseOverrideOrigins('https://dev.example.com, http://localhost:4101/', true), {
      origins: ['https://dev.example.com', 'http://localhost:4101'],
      problems: [],
    });
    assert.deepEqual(parseOverrideOrigins('http://dev.example.com:4101,https://dev.example.com/path', true).problems, [
      "http://dev.example.com:4101 must be https (or http on this machine's loopback)",
      '"https://dev.example.com/path" is not an origin (scheme, host and port, like https://dev.example.com)',
    ]);
    assert.deepEqual(parseOverrideOrigins('http://dev.example.com:4101', false).origins, [
      'http://dev.example.com:4101',
    ]);
  });

  test('a manifest URL is on the list; without a list only on this machine', () => {
    assert.equal(
      overrideOriginProblem('https://dev.example.com/mf-manifest.json', ['https://dev.example.com']),
      undefined,
    );
    assert.match(
      overrideOriginProblem('https://other.example.com/mf-manifest.json', ['https://dev.example.com']),
      /https:\/\/other.example.com is not an origin overrides may come from \(SPORTIFY_OVERRIDE_ORIGINS: https:\/\/dev.example.com\)/,
    );
    for (const url of [
      'http://localhost:4101/mf-manifest.json',
      'http://127.0.0.1:9/mf-manifest.json',
      'http://[::1]:1/mf-manifest.json',
    ])
      assert.equal(overrideOriginProblem(url, undefined), undefined, url);
    assert.match(overrideOriginProblem('http://192.0.2.1:4101/mf-manifest.json', undefined), /only this machine's/);
  });
});
