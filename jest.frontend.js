// Shared jest settings for the browser packages: jsdom, ts-jest without type-checking
// (`npm run typecheck` does that once for the whole tree).
const fs = require('fs');
const path = require('path');
const { exposedModuleFiles } = require('@sportify/build/plugins/exposed-modules');

/** The files a remote's federation.config.js exposes, by module name (none for the shell and shared-ui). */
function exposedModules(dir) {
  const config = path.join(dir, 'federation.config.js');
  const { exposes } = fs.existsSync(config) ? require(config) : {};
  return exposes ? exposedModuleFiles(exposes, dir) : {};
}

module.exports = function frontendJest(dir, displayName) {
  return {
    displayName,
    rootDir: dir,
    testEnvironment: path.join(__dirname, 'jest.jsdom-env.js'),
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
    transform: {
      '^.+\\.tsx?$': ['ts-jest', { tsconfig: path.join(dir, 'tsconfig.json'), diagnostics: false }],
    },
    moduleNameMapper: {
      '\\.(svg|png|jpe?g|webp|avif)$': path.join(__dirname, 'jest.file-stub.js'),
      '^virtual:exposed-modules$': path.join(__dirname, 'jest.exposed-modules.js'),
    },
    globals: { SPORTIFY_EXPOSED_MODULES: exposedModules(dir) },
    setupFilesAfterEnv: [path.join(__dirname, 'jest.frontend.setup.ts')],
  };
};
