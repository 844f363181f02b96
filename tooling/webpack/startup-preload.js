// Preload hints for the shell's start (docs/decisions/lighthouse.md). main.js only opens the async
// boundary (`import('./bootstrap')`); the bootstrap chunk and the chunks of the shared packages it
// uses (React, the router, the platform…) are found only once main.js has run, and some of those
// only once the first ones have: two round trips before the app can start, on a phone's network. The
// page asks for them with main.js instead: the bootstrap chunk (the chunk group the entry module opens)
// and every chunk the shell provides a shared package from, except packages first needed later
// (`lazy`: axios, fetched on the first API call). Those are listed in `signed-in-preload.json`: the
// API asks for them in the pages of signed-in addresses (/dashboard…), whose first screen calls the
// API at once (the session check), and not on /login.
const HtmlWebpackPlugin = require('html-webpack-plugin');

const PROVIDE_IDENTIFIER = /^provide module \([^)]*\)(?: \([^)]*\))? (.+?)@/;

class StartupPreloadPlugin {
  /** @param {{ lazy?: string[] }} [options] */
  constructor(options = {}) {
    this.lazy = new Set(options.lazy ?? []);
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('StartupPreloadPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('StartupPreloadPlugin', (data) => {
        const entryModules = new Set();
        for (const entrypoint of compilation.entrypoints.values())
          for (const chunk of entrypoint.chunks)
            for (const module of compilation.chunkGraph.getChunkEntryModulesIterable(chunk))
              entryModules.add(module);
        const files = new Set();
        const lazyFiles = new Set();
        for (const group of compilation.chunkGroups) {
          if (group.isInitial()) continue;
          let lazy = false;
          const wanted = group.origins.some(({ module }) => {
            if (!module) return false;
            if (entryModules.has(module)) return true;
            const provided = PROVIDE_IDENTIFIER.exec(module.identifier());
            if (provided !== null && this.lazy.has(provided[1])) lazy = true;
            return provided !== null && !this.lazy.has(provided[1]);
          });
          if (!wanted && !lazy) continue;
          for (const chunk of group.chunks)
            for (const file of chunk.files) if (file.endsWith('.js')) (wanted ? files : lazyFiles).add(file);
        }
        const publicPath =
          compilation.outputOptions.publicPath === 'auto' ? '' : compilation.outputOptions.publicPath;
        // A chunk the start needs anyway is not listed twice.
        const signedIn = [...lazyFiles].filter((file) => !files.has(file)).sort();
        compilation.emitAsset(
          'signed-in-preload.json',
          new compilation.compiler.webpack.sources.RawSource(
            `${JSON.stringify(signedIn.map((file) => `${publicPath}${file}`))}\n`,
          ),
        );
        data.headTags.push(
          ...[...files].sort().map((file) =>
            HtmlWebpackPlugin.createHtmlTagObject('link', {
              rel: 'preload',
              as: 'script',
              href: `${publicPath}${file}`,
            }),
          ),
        );
        return data;
      });
    });
  }
}

module.exports = { StartupPreloadPlugin };
