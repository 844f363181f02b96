/**
 * The parse worker, or null when it cannot run: then the page parses in short slices.
 *
 * The chunk is named `*-worker` so the build keeps its code whole instead of sharing chunks with the
 * page (tooling/webpack/create-config.js). A remote served from another origin than the page cannot
 * start a worker from its own URL: the constructor throws, and the page parses instead
 * (docs/decisions/import-files.md).
 */
export function startParseWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  try {
    return new Worker(
      new URL(/* webpackChunkName: "import-parse-worker" */ './parse.worker.ts', import.meta.url),
      { name: 'import-parse-worker' },
    );
  } catch {
    return null;
  }
}
