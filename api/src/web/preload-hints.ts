// Preload hints in the shell's page (docs/decisions/lighthouse.md). Without them a first screen waits
// on a chain of requests, each found only when the previous one has run: index.html → main.js → the
// shell's start → /remotes.json → the remote's mf-manifest.json → its remoteEntry.js and chunks. The
// API knows the deployment's manifest and, for a remote it serves, that remote's built files: the page
// it sends for a route asks for all of them at once.
import path from 'node:path';
import { readBuildFile } from './build-file';
import type { RemotesManifest } from './remotes-manifest';

export type Preload = { href: string; as: 'fetch' | 'script' };

/** What the shell fetches at start on every route (plain fetch(): mode cors, same-origin credentials). */
const SHELL_START: Preload[] = [
  { href: '/remotes.json', as: 'fetch' },
  { href: '/app-config.json', as: 'fetch' },
];

type RemoteRoutes = { name: string; routes: string[] };

/** Remotes served here with the route prefixes the manifest gives them (object entries only). */
export function servedRemoteRoutes(manifest: RemotesManifest, servedHere: readonly string[]): RemoteRoutes[] {
  return servedHere.flatMap((name) => {
    const value = manifest[name];
    if (typeof value !== 'object' || value.entry !== `/remotes/${name}/mf-manifest.json`) return [];
    const routes = Array.isArray(value.routes)
      ? value.routes.filter((route): route is string => typeof route === 'string')
      : [];
    return routes.length ? [{ name, routes }] : [];
  });
}

/** The remote owning `pathname`, as the shell decides it: the most specific prefix, on whole segments. */
export function remoteForPath(remotes: readonly RemoteRoutes[], pathname: string): string | null {
  let best: { name: string; length: number } | null = null;
  for (const { name, routes } of remotes)
    for (const prefix of routes)
      if (
        (pathname === prefix || pathname.startsWith(`${prefix}/`)) &&
        (!best || prefix.length > best.length)
      )
        best = { name, length: prefix.length };
  return best?.name ?? null;
}

type FederationManifest = {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { path?: string; assets?: { js?: { sync?: string[] } } }[];
};

/** A build's file name as the page may ask for it: a script of that build, no way out of its folder. */
export function isBuildScript(asset: string): boolean {
  return /^[\w./-]+\.js$/.test(asset) && !asset.includes('..');
}

/**
 * The remote's manifest, its entry and the files its `./Routes` needs at once, read from its build
 * (again when the file changes: a remote is redeployed without restarting the API). Nothing when the
 * remote is not built or its manifest is not what the federation plugin writes.
 */
export function remotePreloads(name: string, dist: string): Preload[] {
  const base = `/remotes/${name}/`;
  return readBuildFile(
    path.join(dist, 'mf-manifest.json'),
    (text) => {
      const manifest = JSON.parse(text) as FederationManifest;
      const entry = manifest.metaData?.remoteEntry;
      const routes = manifest.exposes?.find((expose) => expose.path === './Routes');
      const files = [
        ...(entry?.name ? [`${entry.path ? `${entry.path.replace(/\/$/, '')}/` : ''}${entry.name}`] : []),
        ...(routes?.assets?.js?.sync ?? []),
      ].filter(isBuildScript);
      return [
        { href: `${base}mf-manifest.json`, as: 'fetch' },
        ...files.map((asset): Preload => ({ href: `${base}${asset}`, as: 'script' })),
      ];
    },
    [],
  );
}

/**
 * The shell's files a signed-in page needs before its first screen (axios: the session check is the
 * page's first call), listed by its build in `signed-in-preload.json` (tooling/webpack/startup-preload.js),
 * read again when the file changes. Only for signed-in addresses: /login does not pay for them.
 */
export function signedInPreloads(shellDist: string): Preload[] {
  return readBuildFile(
    path.join(shellDist, 'signed-in-preload.json'),
    (text) => {
      const parsed = JSON.parse(text) as unknown;
      return Array.isArray(parsed)
        ? parsed
            .filter(
              (href): href is string =>
                typeof href === 'string' && href.startsWith('/') && isBuildScript(href.slice(1)),
            )
            .map((href): Preload => ({ href, as: 'script' }))
        : [];
    },
    [],
  );
}

/** `<link rel="preload">` tags; `fetch` ones carry `crossorigin` to match the page's fetch() calls. */
export function preloadTags(preloads: readonly Preload[]): string {
  return preloads
    .map(({ href, as }) =>
      as === 'fetch'
        ? `<link rel="preload" href="${href}" as="fetch" crossorigin="anonymous">`
        : `<link rel="preload" href="${href}" as="script">`,
    )
    .join('');
}

/** The shell's page with the hints of a route: the shell's start, then the route's remote. */
export function pageWithPreloads(html: string, remote: Preload[]): string {
  const tags = preloadTags([...SHELL_START, ...remote]);
  return html.includes('</head>') ? html.replace('</head>', `${tags}</head>`) : html;
}
