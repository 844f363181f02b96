// `npm run dev`: where each remote of the committed remotes.json runs in development, so the shell's dev
// server lists the same remotes as the manifest (docs/decisions/module-manifest.md). A remote is on its
// own dev server when it is a workspace `mfe-<name>` with a webpack config through the shared factory.
const { existsSync, readFileSync } = require('node:fs');
const path = require('node:path');

const REPO = path.resolve(__dirname, '../..');

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** Whether `folder` is one of the root workspaces (a pattern may end in a `*`, as `mfe-*`). */
function isWorkspace(workspaces, folder) {
  return workspaces.some((pattern) =>
    new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '[^/]*')}$`).test(folder),
  );
}

/**
 * name → URL of its mf-manifest.json on its dev server (http://127.0.0.1:<devPort>/mf-manifest.json), for
 * every manifest entry with a remote whose workspace exists; the others keep their manifest entry.
 * @param {string} [root] the repository (tests pass a copy)
 * @returns {Record<string, string>}
 */
function devRemoteEntries(root = REPO) {
  const manifest = readJson(path.join(root, 'remotes.json'));
  const { workspaces = [] } = readJson(path.join(root, 'package.json'));
  const entries = {};
  for (const [name, value] of Object.entries(manifest)) {
    const entry = typeof value === 'string' ? value : value?.entry;
    const folder = `mfe-${name}`;
    const configFile = path.join(root, folder, 'webpack.config.js');
    if (entry === undefined || !isWorkspace(workspaces, folder) || !existsSync(configFile)) continue;
    const { devPort } = require(configFile);
    if (typeof devPort !== 'number') continue;
    entries[name] = `http://127.0.0.1:${devPort}/mf-manifest.json`;
  }
  return entries;
}

module.exports = { devRemoteEntries };
