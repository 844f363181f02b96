// V8's explicit compile hint (Chromium 136 and later): a script whose first line is
// `//# allFunctionsCalledOnLoad` has all its functions compiled on a background thread while it
// downloads, instead of each one on the main thread the first time it is called. Without it, the
// start's scripts (React DOM, the federation runtime, the platform, a remote's entry and routes) are
// compiled piece by piece inside the start's long tasks, which is what a phone waits on
// (docs/decisions/lighthouse.md, "Tenth pass"). The hint goes only on what a page runs as it starts,
// where nearly every function is called: the build's entry files (main.js, a remote's remoteEntry.js),
// the chunks its entry opens (the shell's bootstrap, a remote's exposed routes), the chunks of the
// shared packages it provides, and the chunks of a screen its page names first (first-paint.js);
// never on a feature's lazy chunk (the round's map, an import's parser).
const { startFiles } = require('./startup-preload');

const NAME = 'CompileHints';
const HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Puts the hint at the top of each of `files()` after minification (which drops comments), before the
 * content hashes and the Brotli copies are made; a file already hinted is left as it is.
 * @param {import('webpack').Compilation} compilation
 * @param {() => Iterable<string>} files
 */
function hintAfterMinification(compilation, files) {
  const { Compilation, sources } = compilation.compiler.webpack;
  compilation.hooks.processAssets.tap(
    { name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE },
    () => {
      for (const file of files()) {
        const asset = compilation.getAsset(file);
        if (!asset || String(asset.source.source()).startsWith(HINT)) continue;
        compilation.updateAsset(file, (source) => new sources.ConcatSource(HINT, source));
      }
    },
  );
}

/** The build's entry files, the chunks its entries open and its shared packages' chunks. */
function startScripts(compilation) {
  const files = new Set(startFiles(compilation, new Set()).files);
  for (const entrypoint of compilation.entrypoints.values())
    for (const chunk of entrypoint.chunks)
      for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
  return files;
}

class CompileHintsPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      hintAfterMinification(compilation, () => startScripts(compilation));
    });
  }
}

module.exports = { CompileHintsPlugin, HINT, hintAfterMinification };
