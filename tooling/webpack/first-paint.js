// A remote's static first paint (docs/decisions/lighthouse.md). For a route it owns, the look of its
// first screen as plain HTML with the style sheets it needs, written to `first-paint.json` in the
// remote's build ({ "<route>": "<style>…</style><markup>" }). The API puts it in the shell's page for
// that route (api/src/web/first-paint.ts; a route may have `:name` segments). Under /dashboard it is
// the screen's part only (its title), set inside the dashboard frame the shell's build ships the
// same way under "/dashboard" (shell/src/first-paint/dashboard.html): the screen is painted before any script has run, on
// a phone's slow network and CPU, and React replaces it with the same screen, live.
// A route whose screen the remote loads lazily may also name that screen's module (`screens`): its chunks are
// listed in `first-chunks.json` ({ "<route>": [files] }), and the API asks for them with the page
// (api/src/web/first-paint.ts), instead of once the remote's routes module has run.
const { readFileSync } = require('node:fs');
const { minify } = require('csso');

const NAME = 'FirstPaintPlugin';

class FirstPaintPlugin {
  /**
   * @param {object} options
   * @param {Record<string, string>} options.pages route → HTML file (absolute paths)
   * @param {string[]} options.styles the style sheets the pages need, in cascade order (absolute paths)
   * @param {Record<string, string>} [options.screens] route → the screen's lazy module, as its `import()`
   *   is written: its chunks are listed in `first-chunks.json`, for the API to preload with the page
   */
  constructor(options) {
    this.pages = options.pages;
    this.styles = options.styles;
    this.screens = options.screens ?? {};
  }

  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: NAME, stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const css = minify(this.styles.map((file) => readFileSync(file, 'utf8')).join('\n'), {
            restructure: false,
          }).css;
          // A part of a page (a dashboard screen's title, set in the shell's frame) may need no sheet.
          const style = css ? `<style>${css}</style>` : '';
          const pages = {};
          for (const [route, file] of Object.entries(this.pages)) {
            // As React renders it: no comments, no white space between tags.
            const markup = readFileSync(file, 'utf8')
              .replace(/<!--[\s\S]*?-->/g, '')
              .replace(/>\s+</g, '><')
              .trim();
            pages[route] = `${style}${markup}`;
          }
          for (const file of [...this.styles, ...Object.values(this.pages)])
            compilation.fileDependencies.add(file);
          compilation.emitAsset('first-paint.json', new RawSource(`${JSON.stringify(pages)}\n`));
          if (Object.keys(this.screens).length) {
            const chunks = {};
            for (const [route, request] of Object.entries(this.screens)) {
              const group = compilation.chunkGroups.find(
                (candidate) =>
                  !candidate.isInitial() && candidate.origins.some((origin) => origin.request === request),
              );
              if (!group) throw new Error(`${NAME} : aucun import() de ${request} pour ${route}`);
              chunks[route] = group.chunks.flatMap((chunk) =>
                [...chunk.files].filter((file) => file.endsWith('.js')),
              );
            }
            compilation.emitAsset('first-chunks.json', new RawSource(`${JSON.stringify(chunks)}\n`));
          }
        },
      );
    });
  }
}

module.exports = { FirstPaintPlugin };
