// Builds an app's service worker after the app itself (docs/decisions/offline-app.md):
// 1. the worker's source is bundled by a webpack compiler of its own: a child compilation of the app
//    would inherit the Module Federation plugin's hooks (workbox-webpack-plugin's InjectManifest does
//    that, and the worker then carries federation chunks);
// 2. workbox-build's injectManifest writes the list of the app's built files (with a revision for the
//    files whose names carry no hash) where the worker reads `self.__WB_MANIFEST`.
const { mkdtempSync, rmSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const webpack = require('webpack');

/** webpack's `[contenthash:8]` in a file name: the name is the revision. */
const HASHED_NAME = /\.[0-9a-f]{8}\./;

function bundleWorker(swSrc, outDir) {
  const compiler = webpack({
    mode: 'production',
    target: 'webworker',
    context: path.dirname(swSrc),
    entry: swSrc,
    devtool: false,
    output: { path: outDir, filename: 'sw.js', clean: true },
    resolve: { extensions: ['.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.ts$/,
          include: path.dirname(swSrc),
          use: {
            loader: 'swc-loader',
            options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2020' } },
          },
        },
      ],
    },
    performance: { hints: false },
  });
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => {
        if (error) reject(error);
        else if (stats.hasErrors()) reject(new Error(stats.toString({ all: false, errors: true })));
        else resolve(path.join(outDir, 'sw.js'));
      });
    }),
  );
}

class ServiceWorkerPlugin {
  /** @param {{ swSrc: string, swDest?: string }} options */
  constructor(options) {
    this.swSrc = options.swSrc;
    this.swDest = options.swDest ?? 'sw.js';
  }

  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('ServiceWorkerPlugin', async (compilation) => {
      const outputPath = compilation.outputOptions.path;
      const scratch = mkdtempSync(path.join(os.tmpdir(), 'service-worker-'));
      try {
        const bundled = await bundleWorker(this.swSrc, scratch);
        const { injectManifest } = require('workbox-build');
        const { count, size, warnings } = await injectManifest({
          swSrc: bundled,
          swDest: path.join(outputPath, this.swDest),
          globDirectory: outputPath,
          globPatterns: ['**/*.{js,css,html,webmanifest,png,svg,ico,woff2}'],
          // Source maps and licence notes are never fetched by the page; the worker is not its own file.
          globIgnores: ['**/*.map', '**/*.LICENSE.txt', this.swDest],
          dontCacheBustURLsMatching: HASHED_NAME,
          maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
        });
        for (const warning of warnings) compilation.warnings.push(new Error(warning));
        compilation
          .getLogger('ServiceWorkerPlugin')
          .info(`${this.swDest}: ${count} fichiers précachés (${size} octets)`);
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    });
  }
}

module.exports = { ServiceWorkerPlugin };
