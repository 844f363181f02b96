const { createWebpackConfig } = require('../tooling/webpack/create-config');

module.exports = createWebpackConfig({
  dir: __dirname,
  name: '__NAME__',
  devPort: __DEV_PORT__,
  exposes: { './Routes': './src/routes.tsx' },
  devServer: () => ({
    proxy: [{ context: ['/api'], target: process.env.API_URL ?? 'http://127.0.0.1:3000' }],
  }),
});
