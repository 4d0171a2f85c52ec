/** @jest-environment node */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// App code takes its router from '@sportify/shared-ui/router'. A direct 'react-router-dom' import would be bundled
// by that package's build as a second router (its own context: links and hooks would break inside the shell) and
// bring back the whole library. Tests and the test helpers may use react-router-dom (MemoryRouter) directly.
const root = path.resolve(__dirname, '../..');
const packages = ['shell', 'shared-ui', 'mf-public', 'mf-student', 'mf-instructor', 'mf-admin'];
const allowed = new Set(['shared-ui/src/router.ts', 'shared-ui/src/testing/renderScreen.tsx', 'shell/src/test/renderApp.tsx']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

it("app code imports router APIs from '@sportify/shared-ui/router', not from react-router-dom", () => {
  const direct = packages
    .flatMap((pkg) => sources(path.join(root, pkg, 'src')))
    .map((file) => path.relative(root, file).split(path.sep).join('/'))
    .filter((file) => /from ['"]react-router(-dom)?['"]/.test(readFileSync(path.join(root, file), 'utf8')));
  expect(direct).toContain('shared-ui/src/router.ts'); // the scan sees the one import that is meant to be there
  expect(direct.filter((file) => !allowed.has(file))).toEqual([]);
});
