// A remote's own check of its declared screens, run by its jest tests: `src/screens.json` must be valid and name only
// modules its federation.config.js exposes (the release guard checks the build the same way).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { screenDeclarationErrors, unexposedScreenErrors, type ScreenDeclaration } from '@sportify/platform/screens';

/** The parsed src/screens.json of the remote in `pkgDir`. */
export const readScreensJson = (pkgDir: string): unknown =>
  JSON.parse(readFileSync(path.join(pkgDir, 'src/screens.json'), 'utf8'));

/** What is wrong with the screens.json of the remote in `pkgDir` (empty when nothing is). */
export function screensJsonProblems(pkgDir: string): string[] {
  // The remote's own federation settings, as its build reads them (a CommonJS file).
  const load = createRequire(path.join(pkgDir, 'package.json'));
  const federation = load('./federation.config.js') as { name: string; exposes?: object };
  const declared = readScreensJson(pkgDir);
  const invalid = screenDeclarationErrors(federation.name, declared);
  if (invalid.length) return invalid;
  return unexposedScreenErrors(federation.name, declared as ScreenDeclaration[], Object.keys(federation.exposes ?? {}));
}
