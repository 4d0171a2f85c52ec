// API end-to-end tests: real HTTP (supertest) against a fresh embedded database and Firebase Auth emulator
// started once per run on free ports by test/global-setup.mjs.
module.exports = {
  displayName: 'api',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
  transform: {
    // File by file, no type checking here (`tsc -b` does that); Nest's decorators with their design-time types.
    '^.+\\.ts$': require('../jest.swc')({ decorators: true }),
    // NestJS 12 ships ES modules only; Jest (on Node 20) needs them as CommonJS.
    '^.+\\.js$': '<rootDir>/test/support/esm-to-cjs.cjs',
  },
  // So do cookie and set-cookie-parser (Fastify's cookies, loaded by @fastify/cookie's import()) and @fastify/static's
  // glob (the Swagger UI's files).
  // Judged by the innermost package of a path (a package's own node_modules included).
  transformIgnorePatterns: [
    '/node_modules/(?!(@nestjs|@fastify/cookie|cookie|set-cookie-parser|glob|minimatch|path-scurry|lru-cache|balanced-match|brace-expansion|content-disposition)/)(@[^/]+/)?[^/]+/(?!.*node_modules/)',
  ],
  globalSetup: '<rootDir>/test/global-setup.mjs',
  globalTeardown: '<rootDir>/test/global-teardown.mjs',
  setupFilesAfterEnv: ['<rootDir>/test/support/jest-setup.ts'],
};
