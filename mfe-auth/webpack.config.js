const path = require('node:path');
const { createWebpackConfig } = require('../tooling/webpack/create-config');
const { FirstPaintPlugin } = require('../tooling/webpack/first-paint');
const { PLATFORM_DIR } = require('../tooling/webpack/shared');

module.exports = createWebpackConfig({
  dir: __dirname,
  name: 'auth',
  devPort: 3002,
  exposes: { './Routes': './src/routes.tsx' },
  devServer: () => ({
    proxy: [{ context: ['/api'], target: process.env.API_URL ?? 'http://127.0.0.1:3000' }],
  }),
  // The sign-in screen painted from the shell's page, before the scripts (docs/decisions/lighthouse.md).
  plugins: () => [
    new FirstPaintPlugin({
      pages: { '/login': path.join(__dirname, 'src/first-paint/login.html') },
      styles: [path.join(PLATFORM_DIR, 'src/ui/ui.css'), path.join(__dirname, 'src/auth.css')],
    }),
  ],
});
