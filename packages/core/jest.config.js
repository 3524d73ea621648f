module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'core',
  // The elizaOS compatibility fixture imports '@elizaos/core' as published plugins do.
  moduleNameMapper: {
    '^@elizaos/core$': '<rootDir>/src/index.ts',
  },
};
