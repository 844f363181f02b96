// V8's explicit compile hint (Chromium 136 and later): a script whose first line is
// `//# allFunctionsCalledOnLoad` has all its functions compiled on a background thread while it
// downloads, instead of each one on the main thread the first time it is called. Without it, the
// start's scripts (React DOM, the federation runtime, the platform, a remote's entry and routes) are
// compiled piece by piece inside the start's long tasks, which is what a phone waits on
// (docs/decisions/lighthouse.md, "Tenth pass"). The hint goes only on the files the page runs as it
// starts, where nearly every function is called: the build's entry files (main.js, a remote's
// remoteEntry.js), the chunks its entry opens (the shell's bootstrap, a remote's exposed routes) and
// the chunks of the shared packages it provides; never on a screen's or a feature's lazy chunk.
const { startFiles } = require('./startup-preload');

const NAME = 'CompileHintsPlugin';
const HINT = '//# allFunctionsCalledOnLoad\n';

/** @param {import('webpack').Compilation} compilation */
function hintedFiles(compilation) {
  const files = new Set(startFiles(compilation, new Set()).files);
  for (const entrypoint of compilation.entrypoints.values())
    for (const chunk of entrypoint.chunks)
      for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
  return files;
}

class CompileHintsPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      // After minification (which drops comments), before the content hashes and the Brotli copies.
      compilation.hooks.processAssets.tap(
        { name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE },
        () => {
          for (const file of hintedFiles(compilation))
            compilation.updateAsset(file, (source) => new sources.ConcatSource(HINT, source));
        },
      );
    });
  }
}

module.exports = { CompileHintsPlugin, HINT, hintedFiles };
