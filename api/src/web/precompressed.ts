// A build's scripts, style sheets and JSON files are also written at Brotli's best level beside them
// (`<file>.br`, tooling/webpack/create-config.js). A browser that takes Brotli is sent that file as it
// is, instead of the API compressing the file again at every request at a fast level; any other
// browser, or a file without its `.br` (a remote built before, a file too small to gain), is served as
// before (docs/decisions/precompressed-files.md).
import { statSync } from 'node:fs';
import path from 'node:path';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

const COMPRESSED_SUFFIX = '.br';
/** What the builds compress: the other files (images, the page) are never looked for. */
const COMPRESSED_TYPES = /\.(js|css|json|svg|webmanifest)$/;

/** The file's name as served: `main.js` for `main.js.br` (its cache rules are the original's). */
export function servedName(filePath: string): string {
  const name = path.basename(filePath);
  return name.endsWith(COMPRESSED_SUFFIX) ? name.slice(0, -COMPRESSED_SUFFIX.length) : name;
}

function isFile(file: string): boolean {
  return statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
}

/** The `.br` beside the file the request names inside `root`, or null (a path leaving root, say). */
function compressedFile(root: string, requestPath: string): string | null {
  let relative: string;
  try {
    relative = decodeURIComponent(requestPath);
  } catch {
    return null;
  }
  if (relative.includes('\0')) return null;
  const file = path.join(root, path.normalize(relative));
  if (!file.startsWith(root + path.sep)) return null;
  return isFile(file + COMPRESSED_SUFFIX) ? file + COMPRESSED_SUFFIX : null;
}

/**
 * Serves `req` with `serve` (a static folder of `root`), from the file's `.br` when the browser takes
 * Brotli. `notServed` runs (with the folder's error, if any) when the folder holds neither; the request
 * and the reply are then as they came, so a 404 is not labelled as compressed.
 */
export function servePrecompressed(
  root: string,
  serve: RequestHandler,
  req: Request,
  res: Response,
  notServed: NextFunction,
): void {
  if (!COMPRESSED_TYPES.test(req.path)) {
    serve(req, res, notServed);
    return;
  }
  // Caches keep the two forms apart, whichever this browser gets.
  res.vary('Accept-Encoding');
  const compressed =
    req.acceptsEncodings('br') === 'br' ? compressedFile(path.resolve(root), req.path) : null;
  if (!compressed) {
    serve(req, res, notServed);
    return;
  }
  const originalUrl = req.url;
  const query = originalUrl.indexOf('?');
  // The original's type (send would take the `.br`'s), set first: send keeps a type already set.
  res.type(path.extname(req.path));
  res.setHeader('Content-Encoding', 'br');
  req.url = `${req.path}${COMPRESSED_SUFFIX}${query === -1 ? '' : originalUrl.slice(query)}`;
  serve(req, res, (error?: unknown) => {
    req.url = originalUrl;
    res.removeHeader('Content-Encoding');
    res.removeHeader('Content-Type');
    notServed(error);
  });
}
