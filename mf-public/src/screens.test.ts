/**
 * @jest-environment node
 */
import path from 'node:path';
import { readScreensJson, screensJsonProblems } from '@sportify/shared-ui/testing/screens';

const pkgDir = path.resolve(__dirname, '..');

it('declares its screens validly in screens.json, each an exposed module', () => {
  expect(readScreensJson(pkgDir)).not.toEqual([]);
  expect(screensJsonProblems(pkgDir)).toEqual([]);
});
