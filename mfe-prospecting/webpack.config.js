const path = require('node:path');
const { createWebpackConfig } = require('../tooling/webpack/create-config');
const { FirstPaintPlugin } = require('../tooling/webpack/first-paint');

const firstPaint = (file) => path.join(__dirname, 'src/first-paint', file);

module.exports = createWebpackConfig({
  dir: __dirname,
  name: 'prospecting',
  devPort: 3003,
  exposes: { './Routes': './src/routes.tsx' },
  devServer: () => ({
    proxy: [{ context: ['/api'], target: process.env.API_URL ?? 'http://127.0.0.1:3000' }],
  }),
  // The titles of the list and the rounds, painted inside the shell's dashboard frame before the
  // scripts, and the rounds' screen code, asked for with the page (docs/decisions/lighthouse.md).
  plugins: () => [
    new FirstPaintPlugin({
      pages: {
        '/dashboard/opportunity/list/:filter': firstPaint('opportunity-list.html'),
        '/dashboard/tournees/nouvelle': firstPaint('round-builder.html'),
        '/dashboard/tournees/ma-journee': firstPaint('my-day.html'),
        '/dashboard/tournees/:id': firstPaint('round.html'),
      },
      styles: [firstPaint('first-paint.css')],
      // Its code too: the page asks for it with the rest instead of once the routes module has run.
      screens: {
        '/dashboard/opportunity/list/:filter': './features/opportunities/components/opportunity-list-screen',
        '/dashboard/tournees/nouvelle': './features/rounds/components/round-builder-screen',
        '/dashboard/tournees/ma-journee': './features/rounds/components/my-day-screen',
        '/dashboard/tournees/:id': './features/rounds/components/round-screen',
      },
    }),
  ],
});
