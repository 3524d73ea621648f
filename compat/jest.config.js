module.exports = {
  ...require('../jest.preset.js'),
  displayName: 'compat',
  // Installs (or updates) the scratch project of pinned elizaOS plugins once per run.
  globalSetup: '<rootDir>/src/global-setup.ts',
  globalTeardown: '<rootDir>/src/global-teardown.ts',
  // One kith process at a time: the machine is shared.
  maxWorkers: 1,
  testTimeout: 180000,
};
