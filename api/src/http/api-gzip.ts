// How the API's JSON replies are gzipped, by the compression middleware (app.ts) and by the threads
// that gzip a reply themselves (file-read-worker.ts): the same level and threshold for both.

/** The fastest level: a 100,000-line export is 28 MB of JSON (docs/decisions/request-path.md). */
export const API_GZIP_LEVEL = 1;
/** Replies shorter than this go out as they are (the compression middleware's default, 1 KB). */
export const API_GZIP_FROM_BYTES = 1024;
