module.exports = require('../tooling/jest/browser').browserPreset(__dirname);
