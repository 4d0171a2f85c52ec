// Shared jest settings for the browser packages: jsdom, ts-jest without type-checking
// (`npm run typecheck` does that once for the whole tree).
const path = require('path');

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
    },
    setupFilesAfterEnv: [path.join(__dirname, 'jest.frontend.setup.ts')],
  };
};
