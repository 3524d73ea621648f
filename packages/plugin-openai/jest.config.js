module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'plugin-openai',
};
