// The one list of Module Federation singletons, used by the shell and every remote so they cannot drift.
const path = require('node:path');

const platformVersion = require(path.resolve(__dirname, '../../platform/package.json')).version;

const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router-dom',
  'zustand',
  'zustand/middleware',
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

module.exports = { createSharedConfig, SINGLETONS };
