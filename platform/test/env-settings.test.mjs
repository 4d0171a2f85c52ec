// Settings read through a schema, as the API, the page server and the launcher read theirs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { defaultsOf, readSettings, required, settingKinds, z } from '@sportify/platform';

const schemaFor = (production) => {
  const { int, number, text, url, oneOf, flag } = settingKinds(production);
  return z.object({
    PORT: int(5000, 1, 65535),
    BUDGET: int({ development: 1000, production: 30 }, 1, 100_000),
    HOURS: number(24, 0, 8760, 'must be a number of hours from 0 to 8760', 0),
    NAME: text('camp', /^[a-z]+$/, 'must be lower-case letters'),
    SITE: url(undefined, ['http:', 'https:']),
    LEVEL: oneOf('log', ['error', 'log']),
    FLAG: flag(),
  });
};

test('an unset or blank setting takes its default, per mode where it has one', () => {
  const dev = readSettings(schemaFor(false), { PORT: '  ', SPORTIFY_DEV_MODE: '1' });
  assert.deepEqual(dev.problems, []);
  assert.deepEqual(dev.values, {
    PORT: 5000,
    BUDGET: 1000,
    HOURS: 24,
    NAME: 'camp',
    LEVEL: 'log',
    FLAG: '',
  });
  assert.equal(readSettings(schemaFor(true), {}).values?.BUDGET, 30);
});

test('values are read as their kind, trimmed', () => {
  const { values } = readSettings(schemaFor(false), {
    PORT: ' 8080 ',
    HOURS: '0.5',
    SITE: 'https://camp.example.com/',
    LEVEL: 'error',
    FLAG: '1',
  });
  assert.deepEqual(
    [values?.PORT, values?.HOURS, values?.SITE, values?.LEVEL, values?.FLAG],
    [8080, 0.5, 'https://camp.example.com', 'error', '1'],
  );
});

test('every wrong value is named at once, each saying what it must be and what it got', () => {
  const { values, problems } = readSettings(schemaFor(false), {
    PORT: '99999',
    BUDGET: '1.5',
    HOURS: '0',
    NAME: 'Camp 1',
    SITE: 'ftp://camp',
    LEVEL: 'loud',
    FLAG: 'yes',
  });
  assert.equal(values, undefined);
  assert.deepEqual(problems, [
    'PORT must be an integer from 1 to 65535 (got "99999")',
    'BUDGET must be an integer from 1 to 100000 (got "1.5")',
    'HOURS must be more than 0',
    'NAME must be lower-case letters (got "Camp 1")',
    'SITE must be a http: or https: URL (got "ftp://camp")',
    'LEVEL must be one of error, log (got "loud")',
    'FLAG must be 1 or 0 (got "yes")',
  ]);
});

test("production's own rules are named with the values' problems, and only in production", () => {
  const needs = { SITE: required('the site') };
  assert.deepEqual(readSettings(schemaFor(true), { PORT: 'x' }, needs).problems, [
    'PORT must be an integer from 1 to 65535 (got "x")',
    'SITE is required: the site',
  ]);
  assert.deepEqual(readSettings(schemaFor(false), { SPORTIFY_DEV_MODE: '1' }, needs).problems, []);
});

test('each setting records its default in each mode, for the docs', () => {
  const docs = defaultsOf(schemaFor(true));
  assert.deepEqual(docs.PORT, { development: 5000, production: 5000 });
  assert.deepEqual(docs.BUDGET, { development: 1000, production: 30 });
  assert.deepEqual(docs.SITE, { development: undefined, production: undefined });
  assert.deepEqual(Object.keys(docs), ['PORT', 'BUDGET', 'HOURS', 'NAME', 'SITE', 'LEVEL', 'FLAG']);
});
