const { readFileSync } = require('node:fs');
const path = require('node:path');
const { createWebpackConfig } = require('../tooling/webpack/create-config');

const API_URL = process.env.API_URL ?? 'http://127.0.0.1:3000';

// In dev mode the remotes come from their own dev servers (ports 3002-3005), the API from API_URL.
const DEV_REMOTES = {
  auth: 'http://127.0.0.1:3002/mf-manifest.json',
  prospecting: 'http://127.0.0.1:3003/mf-manifest.json',
  settings: 'http://127.0.0.1:3004/mf-manifest.json',
  billing: 'http://127.0.0.1:3005/mf-manifest.json',
};

module.exports = createWebpackConfig({
  dir: __dirname,
  name: 'shell',
  devPort: 3001,
  devServer: () => ({
    proxy: [{ context: ['/api', '/app-config.json'], target: API_URL }],
    setupMiddlewares: (middlewares, devServer) => {
      // The committed manifest (cards, navigation entries, routes) with each entry on its dev server.
      devServer.app.get('/remotes.json', (_request, response) => {
        const manifest = JSON.parse(readFileSync(path.join(__dirname, '../remotes.json'), 'utf8'));
        for (const [name, entry] of Object.entries(DEV_REMOTES)) manifest[name] = { ...manifest[name], entry };
        response.json(manifest);
      });
      return middlewares;
    },
  }),
});
