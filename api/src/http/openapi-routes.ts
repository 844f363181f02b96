// GET /api/openapi.json and GET /api/docs: the contract module teams build against, public and
// cached. Built once, on the first request, when every module has registered its routes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Router } from 'express';
import { REPO_ROOT } from '../config-variables';
import type { RegisteredRoute } from './api-routes';
import { buildOpenApiDocument } from './openapi';
import { renderOpenApiPage } from './openapi-page';

/** The document changes only with a deployment; five minutes keeps a new one visible soon after. */
const CACHE_CONTROL = 'public, max-age=300';

function apiVersion(): string {
  const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, 'api', 'package.json'), 'utf8')) as {
    version?: string;
  };
  return manifest.version ?? '0.0.0';
}

export function openApiRouter(routes: () => readonly RegisteredRoute[], serverUrl: string): Router {
  let rendered: { json: string; html: string } | undefined;
  const render = () => {
    if (!rendered) {
      const document = buildOpenApiDocument(routes(), { version: apiVersion(), serverUrl });
      rendered = { json: JSON.stringify(document), html: renderOpenApiPage(document) };
    }
    return rendered;
  };
  const router = Router();
  router.get('/api/openapi.json', (_req, res) => {
    res.setHeader('Cache-Control', CACHE_CONTROL);
    res.type('application/json').send(render().json);
  });
  router.get('/api/docs', (_req, res) => {
    res.setHeader('Cache-Control', CACHE_CONTROL);
    res.type('html').send(render().html);
  });
  return router;
}
