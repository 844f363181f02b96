module.exports = require('../tooling/jest/node').nodePreset(__dirname);
