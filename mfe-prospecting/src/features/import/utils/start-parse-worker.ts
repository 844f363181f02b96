/**
 * The parse worker, or null when the browser refuses it: a remote served from another origin than
 * the page cannot start a worker from its own URL (docs/decisions/import-files.md).
 */
export function startParseWorker(): Worker | null {
  try {
    return new Worker(new URL('./parse.worker.ts', import.meta.url));
  } catch {
    return null;
  }
}
