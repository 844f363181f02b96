// The one list of Module Federation singletons, used by the shell and every remote so they cannot drift.
const path = require('node:path');

const PLATFORM_DIR = path.resolve(__dirname, '../../platform');

/**
 * Singletons whose shared module is a curated surface instead of the whole package, because a shared
 * module is never tree-shaken (docs/decisions/bundle-budget.md). The version is still the package's.
 */
const SURFACES = {
  'react-router-dom': 'src/router/react-router-dom.ts',
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

/**
 * The platform versions a build accepts: its own and every later minor of the same major (a minor adds,
 * never removes), so a remote built against the previous minor still runs in a newer shell
 * (docs/decisions/module-manifest.md).
 */
function platformRange(version) {
  const major = Number(version.split('.')[0]);
  return `>=${version} <${major + 1}.0.0`;
}

/**
 * @param {{ name?: string, dependencies?: Record<string, string> }} pkg the consuming app's package.json
 * @param {string} [platformDir] the @app/platform sources built in (a pinned copy in compatibility tests)
 */
function createSharedConfig(pkg, platformDir = PLATFORM_DIR) {
  const platformVersion = require(path.join(platformDir, 'package.json')).version;
  const shared = {};
  for (const request of SINGLETONS) {
    const owner = packageOf(request);
    const requiredVersion = pkg.dependencies?.[owner];
    if (!requiredVersion) throw new Error(`${pkg.name} doit déclarer ${owner} dans ses dependencies`);
    shared[request] = { singleton: true, requiredVersion };
    if (SURFACES[request]) {
      shared[request].import = path.join(platformDir, SURFACES[request]);
      shared[request].version = require(`${owner}/package.json`).version;
    }
  }
  // One session store and one API client in the page: a second copy would be a bug, so fail loudly.
  shared['@app/platform'] = {
    singleton: true,
    strictVersion: true,
    requiredVersion: platformRange(platformVersion),
    version: platformVersion,
  };
  return shared;
}

module.exports = { createSharedConfig, platformRange, PLATFORM_DIR, SINGLETONS, SURFACES };
