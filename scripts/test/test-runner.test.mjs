// The closing line of `npm test` adds up what each runner counted: jest, node --test and Playwright.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { childrenCpuSeconds, countTests, minutes } from '../test.mjs';

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

test("the CPU of waited-for children is read from /proc/self/stat's cutime and cstime, even with spaces in the name", () => {
  const stat = '4242 (node (npm) test) S 1 4242 4242 0 -1 4194560 900 5000 0 0 120 30 12345 678 20 0 11 0 100 0';
  assert.equal(
    childrenCpuSeconds(() => stat),
    130.23,
  );
  assert.equal(
    childrenCpuSeconds(() => {
      throw new Error('ENOENT');
    }),
    null,
  );
});

test("a child's CPU is counted once it has ended", async () => {
  const before = childrenCpuSeconds();
  const { execFileSync } = await import('node:child_process');
  execFileSync(process.execPath, ['-e', 'const end = Date.now() + 300; while (Date.now() < end);']);
  assert.ok(childrenCpuSeconds() - before >= 0.2);
});
