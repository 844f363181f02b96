// Production builds: the style sheets are injected by style-loader as strings, which no JavaScript
// minifier shortens; csso removes their comments and spaces, rules kept as written (about a third
// of their gzip size, counted in every screen's first load: docs/decisions/bundle-budget.md).
const { minify } = require('csso');

module.exports = function minifyCssLoader(source) {
  return minify(source, { restructure: false }).css;
};
