module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'client-cli',
};
