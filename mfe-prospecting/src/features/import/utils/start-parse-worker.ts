/**
 * The parse worker, or null when it cannot run: then the page parses in short slices.
 *
 * Off for now: webpack treats a worker as an async entry, so splitChunks moves the code it shares
 * with the page (domain, zod, papaparse) into shared chunks, and the federation runtime then fails
 * the build ("[contenthash] not implemented in this context"). It needs one line in the build
 * config (docs/decisions/import-files.md), after which this returns
 * `new Worker(new URL('./parse.worker.ts', import.meta.url))`, guarded by a try/catch because a
 * remote served from another origin than the page may not start a worker from its own URL.
 */
export function startParseWorker(): Worker | null {
  return null;
}
