// One-port mode: the built shell at /, each remote at /remotes/<name>/, and the runtime manifests
// the shell reads at start (/remotes.json, /app-config.json). docs/decisions/one-port-serving.md.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import express, { type Response, Router } from 'express';
import type { ChatWidgetConfig } from './chat-widget-config';
import {
  dashboardFirstPaint,
  isDashboardPath,
  pageWithFirstPaint,
  remoteFirstPaint,
  remoteScreenPreloads,
} from './first-paint';
import {
  pageWithPreloads,
  remoteForPath,
  remotePreloads,
  servedRemoteRoutes,
  signedInPreloads,
} from './preload-hints';
import { servedName, servePrecompressed } from './precompressed';
import { deploymentManifest, remotesManifest, remotesServedHere } from './remotes-manifest';

/**
 * Entry files whose names never change between builds: browsers must revalidate them. The service
 * worker's script above all: a cached sw.js would hold every client on the old version
 * (docs/decisions/offline-app.md).
 */
const NO_CACHE_FILES = new Set([
  'index.html',
  'main.js',
  'sw.js',
  'manifest.webmanifest',
  'remoteEntry.js',
  'mf-manifest.json',
  'mf-stats.json',
]);
/** A content hash in the file name (webpack's [contenthash]): safe to cache forever. */
const HASHED_FILE = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;

export function cacheControlFor(fileName: string): string {
  if (NO_CACHE_FILES.has(fileName)) return 'no-cache';
  if (HASHED_FILE.test(fileName)) return 'public, max-age=31536000, immutable';
  // Unhashed assets (favicon, images copied as is) may change under the same name.
  return 'public, max-age=0, must-revalidate';
}

/** A build's folder: each file with its cache rules, from its Brotli copy when the browser takes it. */
function staticFolder(root: string): express.RequestHandler {
  const serve = express.static(root, {
    index: false,
    redirect: false,
    dotfiles: 'ignore',
    fallthrough: true,
    setHeaders: (res, filePath) => res.setHeader('Cache-Control', cacheControlFor(servedName(filePath))),
  });
  return (req, res, next) => servePrecompressed(root, serve, req, res, next);
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

function notBuilt(res: Response, what: string, folder: string): void {
  res
    .status(503)
    .type('html')
    .setHeader('Cache-Control', 'no-store')
    .send(
      `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Application non construite</title></head>` +
        `<body><h1>Application non construite</h1><p>${escapeHtml(what)} est introuvable (dossier <code>${escapeHtml(folder)}</code>).</p>` +
        `<p>Lancez <code>npm run build</code> à la racine du dépôt (ou <code>npm start</code>, qui construit ce qui manque), puis rechargez la page.</p></body></html>`,
    );
}

function notFound(res: Response): void {
  res
    .status(404)
    .type('text/plain; charset=utf-8')
    .setHeader('Cache-Control', 'no-cache')
    .send('Fichier introuvable');
}

export function appConfig(config: { chatWidget: ChatWidgetConfig | null }) {
  return { chatWidget: config.chatWidget ? { ...config.chatWidget } : null };
}

export function createStaticSite(config: {
  webRoot: string;
  remoteUrls: Record<string, string>;
  chatWidget: ChatWidgetConfig | null;
}): Router {
  const router = Router();
  const shellDist = path.join(config.webRoot, 'shell', 'dist');
  const shellIndex = path.join(shellDist, 'index.html');
  // Read once at start, like the configuration: a deployment changes it and restarts.
  const file = deploymentManifest(config.webRoot);
  const manifest = remotesManifest(config, file);
  const remoteRoutes = servedRemoteRoutes(manifest, remotesServedHere(file));
  // The shell's page, read again when a new build replaces it.
  let page: { mtimeMs: number; html: string } | null = null;
  const shellPage = (): string => {
    const { mtimeMs } = statSync(shellIndex);
    if (page?.mtimeMs !== mtimeMs) page = { mtimeMs, html: readFileSync(shellIndex, 'utf8') };
    return page.html;
  };

  router.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });

  router.get('/remotes.json', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.json(manifest);
  });

  router.get('/app-config.json', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.json(appConfig(config));
  });

  // Each remote the manifest places at /remotes/<name>/ (its dist in mfe-<name>/dist of the web root).
  for (const name of remotesServedHere(file)) {
    const dist = path.join(config.webRoot, `mfe-${name}`, 'dist');
    const serve = staticFolder(dist);
    router.use(`/remotes/${name}`, (req, res, next) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        next();
        return;
      }
      if (!existsSync(dist)) {
        notBuilt(res, `Le module « ${name} »`, path.relative(config.webRoot, dist) || dist);
        return;
      }
      serve(req, res, () => notFound(res));
    });
  }
  router.use('/remotes', (req, res, next) =>
    req.method === 'GET' || req.method === 'HEAD' ? notFound(res) : next(),
  );

  const serveShell = staticFolder(shellDist);
  router.use((req, res, next) => {
    if (
      (req.method !== 'GET' && req.method !== 'HEAD') ||
      req.path === '/api' ||
      req.path.startsWith('/api/')
    ) {
      next();
      return;
    }
    if (!existsSync(shellIndex)) {
      notBuilt(res, 'Le shell', path.relative(config.webRoot, shellDist) || shellDist);
      return;
    }
    serveShell(req, res, () => {
      // History fallback for client routes; a missing file (the last segment has an extension) is a 404.
      const lastSegment = req.path.split('/').pop() ?? '';
      if (lastSegment.includes('.')) {
        notFound(res);
        return;
      }
      // With preload hints for what the route's first screen needs (preload-hints.ts), and the
      // screen's static first paint when its remote ships one, in the dashboard's frame under
      // /dashboard (first-paint.ts).
      const remote = remoteForPath(remoteRoutes, req.path);
      const remoteDist = remote ? path.join(config.webRoot, `mfe-${remote}`, 'dist') : null;
      const hints = [
        // A signed-in address calls the API as soon as the shell's code has run (the session check, the
        // screen's first calls): the API client first, ahead of the remote's files on a slow network.
        ...(isDashboardPath(req.path) ? signedInPreloads(shellDist) : []),
        ...(remote && remoteDist ? remotePreloads(remote, remoteDist) : []),
        // The screen's own code when the remote loads it lazily (the rounds' screens).
        ...(remote && remoteDist ? remoteScreenPreloads(remote, remoteDist, req.path) : []),
      ].filter((hint, index, all) => all.findIndex((other) => other.href === hint.href) === index);
      const screenPaint = remoteDist ? remoteFirstPaint(remoteDist, req.path) : null;
      // Under /dashboard the remote's part is the screen's title, inside the shell's frame.
      const firstPaint = isDashboardPath(req.path)
        ? dashboardFirstPaint(shellDist, screenPaint)
        : screenPaint;
      res.setHeader('Cache-Control', 'no-cache');
      res.type('html').send(pageWithFirstPaint(pageWithPreloads(shellPage(), hints), firstPaint));
    });
  });

  return router;
}
