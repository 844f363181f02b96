// Jest preset for Node packages (domain, api): workspace packages mapped to their sources.
const path = require('node:path');
const { swcTransform, repo } = require('./browser');

/** @param {string} rootDir the package's folder */
function nodePreset(rootDir) {
  return {
    rootDir,
    testEnvironment: 'node',
    // A guard against a hung test, not a speed check: on CI two packages' suites share two cores.
    testTimeout: 30_000,
    testMatch: ['<rootDir>/src/**/*.test.ts'],
    transform: { '^.+\\.(t|j)sx?$': swcTransform },
    moduleNameMapper: {
      '^@app/domain$': path.join(repo, 'domain/src/index.ts'),
    },
  };
}

module.exports = { nodePreset };
