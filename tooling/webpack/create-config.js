// Webpack configuration factory for the shell and the remotes (see docs/architecture.md).
const path = require('node:path');
const zlib = require('node:zlib');
const CompressionPlugin = require('compression-webpack-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { createSharedConfig, PLATFORM_DIR } = require('./shared');

const repo = path.resolve(__dirname, '../..');
// Its "exports" hide the production build, so it is reached by path.
const reactRouterDir = path.dirname(require.resolve('react-router/package.json'));
const runtimeCoreEsm = path.join(
  path.dirname(require.resolve('@module-federation/runtime-core')),
  'index.js',
);

/**
 * @param {object} options
 * @param {string} options.dir the app's folder
 * @param {string} options.name federation name (shell, auth, prospecting, settings, billing)
 * @param {Record<string,string>} [options.exposes] remotes only
 * @param {string[]} [options.runtimePlugins] host only
 * @param {number} options.devPort
 * @param {(devServer: object) => object} [options.devServer]
 * @param {string} [options.platformDir] build against a pinned copy of @app/platform (compatibility tests)
 * @param {(build: { production: boolean }) => object[]} [options.plugins] the app's own webpack plugins
 */
function createWebpackConfig(options) {
  const { dir, name, exposes, runtimePlugins, devPort, platformDir = PLATFORM_DIR } = options;
  const pkg = require(path.join(dir, 'package.json'));
  const isRemote = Boolean(exposes);

  const config = (_env, argv) => {
    const production = argv.mode === 'production';
    return {
      mode: production ? 'production' : 'development',
      context: dir,
      entry: { main: './src/index.ts' },
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        // Entry files keep stable names (a content hash breaks the federation plugin); chunks carry the hash.
        filename: '[name].js',
        chunkFilename: '[name].[contenthash:8].js',
        // The shell's page is served for every route (history fallback), so its scripts need an absolute
        // path; a remote's chunks load from wherever its entry was found.
        publicPath: isRemote ? 'auto' : '/',
        clean: true,
        uniqueName: name,
      },
      resolve: {
        extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
        // Workspace packages are compiled from their sources (exports condition "source").
        conditionNames: ['source', '...'],
        alias: {
          ...(platformDir === PLATFORM_DIR
            ? {}
            : { '@app/platform$': path.join(platformDir, 'src/index.ts') }),
          // The federation runtime is published as both CommonJS and ESM; the bundler runtime imports one
          // and the runtime provided to remotes requires the other. One copy only.
          '@module-federation/runtime-core$': runtimeCoreEsm,
          // React Router publishes its development build by default; production builds use the lean one.
          ...(production
            ? {
                'react-router$': path.join(reactRouterDir, 'dist/production/index.mjs'),
                'react-router/dom$': path.join(reactRouterDir, 'dist/production/dom-export.mjs'),
              }
            : {}),
        },
      },
      module: {
        rules: [
          {
            test: /\.[jt]sx?$/,
            include: [path.join(dir, 'src'), path.join(platformDir, 'src'), path.join(repo, 'domain/src')],
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !production } },
                  target: 'es2020',
                },
              },
            },
          },
          {
            test: /\.css$/,
            use: production
              ? // No inline CSS source map in the shipped script (css-loader follows devtool otherwise).
                [
                  'style-loader',
                  { loader: 'css-loader', options: { sourceMap: false } },
                  require.resolve('./minify-css-loader'),
                ]
              : ['style-loader', 'css-loader'],
          },
          {
            test: /\.(png|svg|jpg|webp)$/,
            type: 'asset',
            parser: { dataUrlCondition: { maxSize: 8 * 1024 } },
          },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          ...(isRemote ? { filename: 'remoteEntry.js', exposes } : {}),
          ...(runtimePlugins ? { runtimePlugins } : {}),
          shared: createSharedConfig(pkg, platformDir),
          // A shared module first needed after start-up (axios, fetched on the first API call) is taken
          // from what the page already provides; the default ("version-first") would first download
          // every registered remote's entry to compare versions, and wait on one that is down.
          shareStrategy: 'loaded-first',
          manifest: isRemote ? { fileName: 'mf-manifest.json' } : false,
          // Type generation costs ~2 s per remote and fetches types over the network: off.
          dts: false,
          // One federation runtime for the whole page: the shell provides it, production remotes use it
          // instead of carrying their own copy (~27 KB gz each). Remotes keep theirs in development so
          // their standalone pages run (docs/decisions/module-federation.md). The runtime runs in
          // browsers only: its Node.js paths are left out of main.js (96.6 → 91.1 KB minified).
          experiments: isRemote
            ? { externalRuntime: production }
            : { provideExternalRuntime: true, optimization: { target: 'web' } },
        }),
        // A remote's own page only serves its standalone development (the shell never loads it).
        new HtmlWebpackPlugin({
          template: isRemote ? path.join(__dirname, 'remote-index.html') : path.join(dir, 'src/index.html'),
          scriptLoading: 'defer',
          chunks: ['main'],
        }),
        ...(options.plugins ? options.plugins({ production }) : []),
        // Each script, style sheet and JSON file also written at Brotli's best level beside it
        // (`<file>.br`), sent as is to a browser that takes Brotli: about 14 % lighter than what the API
        // compressed at every request at a fast level, and that work gone from the API
        // (docs/decisions/precompressed-files.md).
        ...(production
          ? [
              new CompressionPlugin({
                algorithm: 'brotliCompress',
                filename: '[path][base].br',
                test: /\.(js|css|json|svg|webmanifest)$/,
                compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
                threshold: 1024,
                minRatio: 0.9,
              }),
            ]
          : []),
      ],
      optimization: {
        splitChunks: {
          // Webpack's default ('async' chunks), except Web Workers named `*-worker`: a worker cannot load
          // chunks shared with the page through the federation runtime, so it keeps its code whole
          // (docs/decisions/import-files.md).
          chunks: (chunk) => !chunk.canBeInitial() && !String(chunk.name ?? '').endsWith('-worker'),
        },
      },
      performance: { hints: false },
      devServer: {
        port: devPort,
        host: '127.0.0.1',
        historyApiFallback: !isRemote,
        headers: { 'Access-Control-Allow-Origin': '*' },
        ...(options.devServer ? options.devServer({ production }) : {}),
      },
    };
  };
  // Read by the shell's dev server (dev-remotes.js) to find this remote in development.
  return Object.assign(config, { devPort });
}

module.exports = { createWebpackConfig };
