// One jest run over every package; each package keeps its own config.
module.exports = {
  // Every core: the API suites each use their own database on the one embedded server and spend much of their time
  // waiting for it, so two workers on two cores finish well before one (jest's default there).
  maxWorkers: '100%',
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
