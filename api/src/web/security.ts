// HTTP security headers and the CORS allow-list.
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { ChatWidgetConfig } from './chat-widget-config';
import { remoteEntryUrls } from './remotes-manifest';

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null; // a root-relative remote URL is same-origin
  }
}

/** Hosts a chat provider loads from besides its script (styles, images, websockets, frames). */
const CHAT_PROVIDER_SOURCES: Record<string, string[]> = {
  crisp: ['https://*.crisp.chat', 'wss://*.crisp.chat'],
  tawk: ['https://*.tawk.to', 'wss://*.tawk.to'],
};

/** The CSP source of a tile template's host; a `{s}.` subdomain becomes `*.`. */
export function tileSourceOf(template: string | undefined): string[] {
  if (!template) return [];
  const origin = originOf(template.replace('//{s}.', '//subdomain.'));
  return origin ? [origin.replace('//subdomain.', '//*.')] : [];
}

/** What the security headers are computed from (part of the API's Config). */
export type SecurityConfig = {
  remoteUrls: Record<string, string>;
  chatWidget: ChatWidgetConfig | null;
  publicUrl: string;
  mapTileUrl?: string | undefined;
};

/**
 * CSP for the federated app: scripts, manifests, styles and assets from this origin and from each
 * REMOTE_URL_* origin; the chat widget's hosts when configured; inline styles are allowed (the UI kit
 * and the federation runtime set style attributes), inline scripts are not.
 */
export function contentSecurityDirectives(config: SecurityConfig) {
  const remoteOrigins = [
    ...new Set(
      Object.values(config.remoteUrls)
        .map((url) => (url ? originOf(url) : null))
        .filter((origin): origin is string => origin !== null),
    ),
  ];
  const chat = config.chatWidget
    ? [
        ...new Set([
          originOf(config.chatWidget.scriptUrl),
          ...(CHAT_PROVIDER_SOURCES[config.chatWidget.provider] ?? []),
        ]),
      ].filter((value): value is string => value !== null)
    : [];
  const self = "'self'";
  const directives: Record<string, string[] | null> = {
    'default-src': [self],
    'base-uri': [self],
    'script-src': [self, ...remoteOrigins, ...chat],
    'connect-src': [self, ...remoteOrigins, ...chat],
    'style-src': [self, "'unsafe-inline'", ...remoteOrigins, ...chat],
    // The rounds map's tiles (MAP_TILE_URL) are images.
    'img-src': [self, 'data:', 'blob:', ...remoteOrigins, ...chat, ...tileSourceOf(config.mapTileUrl)],
    'font-src': [self, 'data:', ...remoteOrigins, ...chat],
    'media-src': [self, ...chat],
    'frame-src': [self, ...chat],
    // The service worker (/sw.js) and the web app manifest are this origin's (offline-app.md).
    'worker-src': [self, 'blob:'],
    'manifest-src': [self],
    'object-src': ["'none'"],
    'form-action': [self],
    'frame-ancestors': [self],
    // Upgrading would break a plain-http deployment (a LAN address, a demo); only ask for it under https.
    'upgrade-insecure-requests': config.publicUrl.startsWith('https:') ? [] : null,
  };
  return Object.fromEntries(
    Object.entries(directives).filter((entry): entry is [string, string[]] => entry[1] !== null),
  );
}

type HeaderList = [name: string, value: string | number | readonly string[]][];

/**
 * The headers a middleware sets on a response, found by running it once on a stand-in response.
 * Helmet's headers depend only on the configuration, never on the request.
 */
export function headersSetBy(middleware: RequestHandler): HeaderList {
  const headers = new Map<string, HeaderList[number]>();
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), [name, value]);
      return response;
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
    getHeader(name: string) {
      return headers.get(name.toLowerCase())?.[1];
    },
    locals: {},
  };
  let nextCalled = false;
  middleware({ headers: {}, method: 'GET', url: '/' } as never, response as never, () => {
    nextCalled = true;
  });
  if (!nextCalled) throw new Error('Les en-têtes de sécurité doivent être calculés de façon synchrone');
  return [...headers.values()];
}

/**
 * Helmet's headers, computed once at start and copied onto every response: running helmet's dozen
 * middlewares per request cost more than the headers themselves (docs/decisions/request-path.md).
 */
export function securityHeaders(config: SecurityConfig & { webRoot: string }): RequestHandler {
  const headers = headersSetBy(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        // Remotes the web root's remotes.json adds (a new module on its own origin) are allowed too.
        directives: contentSecurityDirectives({ ...config, remoteUrls: remoteEntryUrls(config) }),
      },
      // Remotes served here may be loaded by a shell on another origin (independent deployment).
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: config.publicUrl.startsWith('https:'),
    }),
  );
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

/**
 * CORS for the allow-listed origins (CORS_ORIGINS) only. Sessions travel in the body or the
 * Authorization header, never in cookies, so credentials are not allowed.
 */
export function corsAllowList(origins: readonly string[]): RequestHandler {
  const allowed = new Set(origins);
  return (req, res, next) => {
    const origin = req.headers.origin;
    if (origin !== undefined) res.vary('Origin');
    if (origin === undefined || !allowed.has(origin)) {
      next();
      return;
    }
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Expose-Headers', 'X-Request-Id, Idempotent-Replayed');
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
      res.setHeader(
        'Access-Control-Allow-Headers',
        'Content-Type, Authorization, X-Request-Id, X-XSRF-TOKEN, Idempotency-Key',
      );
      res.setHeader('Access-Control-Max-Age', '600');
      res.status(204).end();
      return;
    }
    next();
  };
}
