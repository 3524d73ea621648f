module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'plugin-sql',
  // One PostgreSQL server for the run; test files make their own databases on it.
  globalSetup: '<rootDir>/jest/postgres-global-setup.ts',
  globalTeardown: '<rootDir>/jest/postgres-global-teardown.ts',
};
