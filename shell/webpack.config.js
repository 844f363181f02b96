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
      devServer.app.get('/remotes.json', (_request, response) => response.json(DEV_REMOTES));
      return middlewares;
    },
  }),
});
