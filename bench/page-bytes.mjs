// What a page asks for first, in bytes as the API sends them to Chromium (issue 19: a phone on a slow
// network): the page of an address, then every file it names (its preload hints and scripts), fetched
// with Chromium's Accept-Encoding (it takes Brotli), bytes counted on the wire. Deterministic: the load
// of the machine changes nothing in it.
// Usage: node bench/page-bytes.mjs [--web <name>=<web root>,<name>=<web root>] [--out <file>]
//   (a web root holds remotes.json, shell/dist and mfe-*/dist; default: this repository's builds, after
//   npm run build:apps) → bench/results/page-bytes.json unless --out names another file.
import http from 'node:http';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { apiBuilt, apiEnv, cleanUp, pathOption, repo, runApi, stop, tempDir } from './support.mjs';

/** What Chromium 150 asks for, on plain http to 127.0.0.1 too. */
const CHROMIUM_ENCODINGS = 'gzip, deflate, br, zstd';
/** Addresses whose page is what a phone loads first: the login, a saved round (any id), the list. */
const ADDRESSES = [
  '/login',
  '/dashboard/tournees/6b09cd55e9c6cd33cb131c82',
  '/dashboard/opportunity/list/all',
];

const webIndex = process.argv.indexOf('--web');
const webRoots =
  webIndex === -1
    ? [['ce dépôt', repo]]
    : process.argv[webIndex + 1].split(',').map((pair) => {
        const [name, root] = pair.split('=');
        return [name, path.resolve(root)];
      });
const outFile = pathOption('out') ?? path.join(repo, 'bench/results/page-bytes.json');

/** One GET as Chromium sends it: the body's bytes as they came, and how they are encoded. */
function get(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'Accept-Encoding': CHROMIUM_ENCODINGS } }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ body: Buffer.concat(chunks), encoding: res.headers['content-encoding'] ?? 'identity' }),
        );
      })
      .on('error', reject);
  });
}

const decoded = ({ body, encoding }) =>
  (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString();

/** The files a page names for the browser to fetch at once: preloads, module preloads, scripts. */
function namedFiles(html) {
  const hinted = [...html.matchAll(/<link[^>]+rel="(?:preload|modulepreload)"[^>]*href="([^"]+)"/g)];
  const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)];
  return [...new Set([...hinted, ...scripts].map((match) => match[1]))];
}

async function measure(base) {
  const pages = [];
  for (const address of ADDRESSES) {
    const page = await get(`${base}${address}`);
    const files = [];
    for (const href of namedFiles(decoded(page))) {
      const url = new URL(href, `${base}${address}`);
      const file = await get(url.href);
      files.push({ path: url.pathname, bytes: file.body.length, encoding: file.encoding });
    }
    const bytes = page.body.length + files.reduce((sum, file) => sum + file.bytes, 0);
    pages.push({ address, pageBytes: page.body.length, bytes, files });
  }
  return pages;
}

if (apiBuilt()) {
  const results = { measuredAt: new Date().toISOString(), acceptEncoding: CHROMIUM_ENCODINGS, builds: {} };
  try {
    for (const [name, root] of webRoots) {
      const dataDir = tempDir('bench-page-bytes-');
      const api = await runApi((port) => apiEnv(port, dataDir, { WEB_ROOT: root, WEB_CONCURRENCY: '1' }));
      try {
        results.builds[name] = { webRoot: root, pages: await measure(api.base) };
      } finally {
        await stop(api.child);
      }
      for (const page of results.builds[name].pages)
        console.log(
          `[${name}] ${page.address} : la page et ${page.files.length} fichiers nommés, ${(page.bytes / 1024).toFixed(1)} KB envoyés`,
        );
    }
    writeFileSync(outFile, `${JSON.stringify(results, null, 2)}\n`);
  } finally {
    cleanUp();
  }
}
