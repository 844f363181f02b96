// The one list of Module Federation singletons, used by the shell and every remote so they cannot drift.
const path = require('node:path');

const platformVersion = require(path.resolve(__dirname, '../../platform/package.json')).version;

/**
 * Singletons whose shared module is a curated surface instead of the whole package, because a shared
 * module is never tree-shaken (docs/decisions/bundle-budget.md). The version is still the package's.
 */
const SURFACES = {
  'react-router-dom': path.resolve(__dirname, '../../platform/src/router/react-router-dom.ts'),
};

const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router-dom',
  'zustand',
  'axios',
  'react-toastify',
];

/** Package that owns a (possibly deep) import, e.g. react-dom/client -> react-dom. */
function packageOf(request) {
  return request.startsWith('@') ? request.split('/').slice(0, 2).join('/') : request.split('/')[0];
}

/** @param {{ dependencies?: Record<string, string> }} pkg the consuming app's package.json */
function createSharedConfig(pkg) {
  const shared = {};
  for (const request of SINGLETONS) {
    const owner = packageOf(request);
    const requiredVersion = pkg.dependencies?.[owner];
    if (!requiredVersion) throw new Error(`${pkg.name} doit déclarer ${owner} dans ses dependencies`);
    shared[request] = { singleton: true, requiredVersion };
    if (SURFACES[request]) {
      shared[request].import = SURFACES[request];
      shared[request].version = require(`${owner}/package.json`).version;
    }
  }
  // One session store and one API client in the page: a second copy would be a bug, so fail loudly.
  shared['@app/platform'] = {
    singleton: true,
    strictVersion: true,
    requiredVersion: platformVersion,
    version: platformVersion,
  };
  return shared;
}

module.exports = { createSharedConfig, SINGLETONS, SURFACES };
