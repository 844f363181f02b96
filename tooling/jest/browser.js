// Jest preset for browser packages: jsdom, @testing-library, workspace packages mapped to their sources.
const path = require('node:path');

const repo = path.resolve(__dirname, '../..');

const swcTransform = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
  },
];

/** @param {string} rootDir the package's folder */
function browserPreset(rootDir) {
  return {
    rootDir,
    testEnvironment: 'jsdom',
    // A guard against a hung test, not a speed check: on CI two packages' suites share two cores.
    testTimeout: 30_000,
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
    transform: { '^.+\\.(t|j)sx?$': swcTransform },
    moduleNameMapper: {
      '^@app/domain$': path.join(repo, 'domain/src/index.ts'),
      '^@app/platform$': path.join(repo, 'platform/src/index.ts'),
      '^@app/platform/testing$': path.join(repo, 'platform/src/testing/index.ts'),
      // Tests run against the router surface the page shares, so a missing export fails here too.
      '^react-router-dom$': path.join(repo, 'platform/src/router/react-router-dom.ts'),
      '\\.css$': path.join(__dirname, 'style-stub.js'),
      '\\.(png|jpg|svg)$': path.join(__dirname, 'file-stub.js'),
    },
    setupFilesAfterEnv: [path.join(__dirname, 'browser-setup.js')],
  };
}

module.exports = { browserPreset, swcTransform, repo };
