// The closing line of `npm test` adds up what each runner counted: jest, node --test and Playwright.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { countTests, cpuUsed, machineCpu, minutes } from '../test.mjs';

test("jest's, node --test's and Playwright's closing lines are counted, colours or not", () => {
  assert.deepEqual(countTests('Test Suites: 95 passed\nTests:       1 failed, 708 passed, 709 total\n'), {
    passed: 708,
    failed: 1,
  });
  assert.deepEqual(countTests('\x1b[1mTests:\x1b[22m       \x1b[32m709 passed\x1b[39m, 709 total'), {
    passed: 709,
    failed: 0,
  });
  assert.deepEqual(countTests('# tests 25\n# suites 3\n# pass 24\n# fail 1\n'), { passed: 24, failed: 1 });
  assert.deepEqual(
    countTests('  2 failed\n    [journeys] › tests/a.spec.ts:3:1 › a\n  1 flaky\n  93 passed (9.1m)\n'),
    {
      passed: 93,
      failed: 3,
    },
  );
});

test('output with no closing line counts nothing', () => {
  assert.equal(countTests('Found 0 errors.\n'), null);
});

test('phase times read as minutes and seconds, rounded to the second', () => {
  assert.equal(minutes(59.6), '1:00');
  assert.equal(minutes(119.4), '1:59');
  assert.equal(minutes(2.4), '0:02');
});

test("the machine's CPU is read from /proc/stat's first line: busy is all but idle and I/O wait", () => {
  const stat = 'cpu  1000 20 300 5000 100 10 5 0 0 0\ncpu0 500 10 150 2500 50 5 3 0 0 0\nintr 1 2 3\n';
  assert.deepEqual(
    machineCpu(() => stat),
    { busy: 13.35, total: 64.35 },
  );
  assert.equal(
    machineCpu(() => {
      throw new Error('ENOENT');
    }),
    null,
  );
  assert.deepEqual(cpuUsed({ busy: 10, total: 40 }, { busy: 25, total: 60 }), { busy: 15, share: 0.75 });
  assert.equal(cpuUsed({ busy: 10, total: 40 }, { busy: 10, total: 40 }), null);
});

test('a busy child process shows as busy time on the machine', async () => {
  const before = machineCpu();
  const { execFileSync } = await import('node:child_process');
  execFileSync(process.execPath, ['-e', 'const end = Date.now() + 500; while (Date.now() < end);']);
  assert.ok(cpuUsed(before, machineCpu()).busy >= 0.3);
});
