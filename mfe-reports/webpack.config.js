const { createWebpackConfig } = require('../tooling/webpack/create-config');

module.exports = createWebpackConfig({
  dir: __dirname,
  name: 'reports',
  devPort: 3006,
  exposes: { './Routes': './src/routes.tsx' },
  devServer: () => ({
    proxy: [{ context: ['/api'], target: process.env.API_URL ?? 'http://127.0.0.1:3000' }],
  }),
});
