// The contract check (api/test/contract.spec.ts): builds the OpenAPI document without a database, so it needs
// none of the API project's global setup (database, Auth emulator).
const api = require('./jest.config');

module.exports = {
  displayName: 'contract',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/contract.spec.ts'],
  transform: api.transform,
  transformIgnorePatterns: api.transformIgnorePatterns,
};
