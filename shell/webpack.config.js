const { readFileSync } = require('node:fs');
const path = require('node:path');
const { createWebpackConfig } = require('../tooling/webpack/create-config');
const { devRemoteEntries } = require('../tooling/webpack/dev-remotes');
const { FirstPaintPlugin } = require('../tooling/webpack/first-paint');
const { PublicFilesPlugin } = require('../tooling/webpack/public-files');
const { ServiceWorkerPlugin } = require('../tooling/webpack/service-worker');
const { PLATFORM_DIR } = require('../tooling/webpack/shared');
const { StartupPreloadPlugin } = require('../tooling/webpack/startup-preload');

const API_URL = process.env.API_URL ?? 'http://127.0.0.1:3000';

// In dev mode each remote of remotes.json that is a workspace comes from its own dev server (its
// webpack config's devPort: 3002-3005, then those of generated modules), the API from API_URL.

module.exports = createWebpackConfig({
  dir: __dirname,
  name: 'shell',
  devPort: 3001,
  plugins: ({ production }) => [
    // The web app manifest and its icons (docs/decisions/offline-app.md).
    new PublicFilesPlugin(path.join(__dirname, 'public')),
    // The dashboard's frame painted from the page before the scripts, the screen's title inside it
    // (docs/decisions/lighthouse.md; the API assembles the two, api/src/web/first-paint.ts).
    new FirstPaintPlugin({
      pages: { '/dashboard': path.join(__dirname, 'src/first-paint/dashboard.html') },
      styles: [
        path.join(PLATFORM_DIR, 'src/ui/ui.css'),
        path.join(__dirname, 'src/shell.css'),
        path.join(__dirname, 'src/first-paint/frame.css'),
      ],
    }),
    // The bootstrap chunk and the shared packages' chunks, asked for with main.js.
    ...(production ? [new StartupPreloadPlugin({ lazy: ['axios'] })] : []),
    // The service worker, production only (the page registers it only there): /sw.js, with the list
    // of the shell's files to precache.
    ...(production
      ? [new ServiceWorkerPlugin({ swSrc: path.join(__dirname, 'src/service-worker/service-worker.ts') })]
      : []),
  ],
  devServer: () => ({
    proxy: [{ context: ['/api', '/app-config.json'], target: API_URL }],
    setupMiddlewares: (middlewares, devServer) => {
      // The committed manifest (cards, navigation entries, routes) with each entry on its dev server.
      devServer.app.get('/remotes.json', (_request, response) => {
        const manifest = JSON.parse(readFileSync(path.join(__dirname, '../remotes.json'), 'utf8'));
        for (const [name, entry] of Object.entries(devRemoteEntries())) {
          const value = manifest[name];
          manifest[name] = typeof value === 'string' ? entry : { ...value, entry };
        }
        response.json(manifest);
      });
      return middlewares;
    },
  }),
});
