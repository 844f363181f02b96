// Copies an app's `public/` folder into its build as is (the web app manifest, its icons): the files
// join the compilation's assets, so the service worker's precache list sees them.
const { readdirSync, readFileSync, statSync } = require('node:fs');
const path = require('node:path');
const { Compilation, sources } = require('webpack');

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

class PublicFilesPlugin {
  /** @param {string} dir */
  constructor(dir) {
    this.dir = dir;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PublicFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PublicFilesPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          compilation.contextDependencies.add(this.dir);
          for (const file of filesUnder(this.dir)) {
            const name = path.relative(this.dir, file).split(path.sep).join('/');
            compilation.emitAsset(name, new sources.RawSource(readFileSync(file)));
          }
        },
      );
    });
  }
}

module.exports = { PublicFilesPlugin };
