// Shared jest settings for the browser packages: jsdom, swc without type-checking (jest.swc.js).
const fs = require('fs');
const path = require('path');
const { exposedModuleFiles } = require('@sportify/build/plugins/exposed-modules');
const swcTransform = require('./jest.swc');

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
      '^.+\\.tsx?$': swcTransform(),
    },
    moduleNameMapper: {
      '\\.(svg|png|jpe?g|webp|avif)$': path.join(__dirname, 'jest.file-stub.js'),
      '^virtual:exposed-modules$': path.join(__dirname, 'jest.exposed-modules.js'),
    },
    globals: { SPORTIFY_EXPOSED_MODULES: exposedModules(dir) },
    setupFilesAfterEnv: [path.join(__dirname, 'jest.frontend.setup.ts')],
    // A form typed key by key with user-event takes several seconds of jsdom work when both cores are busy (the
    // API suites run beside these): jest's 5 s default then fails tests that are only slow.
    testTimeout: 15_000,
  };
};
