// One jest run over every package; each package keeps its own config.
module.exports = {
  projects: [
    '<rootDir>/shared-ui',
    '<rootDir>/shell',
    '<rootDir>/mf-public',
    '<rootDir>/mf-student',
    '<rootDir>/mf-instructor',
    '<rootDir>/mf-admin',
    '<rootDir>/api',
    '<rootDir>/api/jest.contract.config.js',
  ],
};
