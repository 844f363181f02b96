// A route's static first paint (docs/decisions/lighthouse.md). A remote may ship, in its build, the
// look of some of its screens as plain HTML with their style sheets (`first-paint.json`, written by
// tooling/webpack/first-paint.js). The page the API sends for such a route carries it inside the
// shell's `#root`: painted as soon as the page arrives, before the scripts have been downloaded and
// run (a phone's slow network and CPU), then replaced by React with the same screen, live.
import path from 'node:path';
import { readBuildFile } from './build-file';
import { isBuildScript, type Preload } from './preload-hints';

type FirstPaints = Record<string, string>;

/** The remote's pages by route, read again when its build changes; none when it ships none. */
function firstPaints(dist: string): FirstPaints {
  return readBuildFile(
    path.join(dist, 'first-paint.json'),
    (text): FirstPaints => {
      const parsed = JSON.parse(text) as unknown;
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
        ? Object.fromEntries(
            Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
          )
        : {};
    },
    {},
  );
}

/** Whether `route` (segments, `:name` matching any one segment) is the address `path`. */
function routeMatches(route: string, path: string): boolean {
  const routeSegments = route.split('/');
  const pathSegments = path.split('/');
  return (
    routeSegments.length === pathSegments.length &&
    routeSegments.every(
      (segment, index) =>
        segment === pathSegments[index] || (segment.startsWith(':') && pathSegments[index] !== ''),
    )
  );
}

/** The route of `routes` for this path (a trailing slash aside): written exactly first, then with `:name`. */
function routeFor(routes: readonly string[], pathname: string): string | null {
  const route = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  if (routes.includes(route)) return route;
  return routes.find((key) => key.includes('/:') && routeMatches(key, route)) ?? null;
}

/**
 * The first paint a remote's build holds for this path (a trailing slash aside), or null: the route
 * written exactly first, then the first route with `:name` segments that matches.
 */
export function remoteFirstPaint(dist: string, pathname: string): string | null {
  const pages = firstPaints(dist);
  const route = routeFor(Object.keys(pages), pathname);
  return route === null ? null : (pages[route] ?? null);
}

/**
 * The code of this path's screen when its remote loads it lazily (`first-chunks.json`, route → files,
 * tooling/webpack/first-paint.js), as preloads: the page asks for it with the remote's first files
 * instead of once the remote's routes module has run. None when the build lists none.
 */
export function remoteScreenPreloads(name: string, dist: string, pathname: string): Preload[] {
  const chunks = readBuildFile(
    path.join(dist, 'first-chunks.json'),
    (text): Record<string, string[]> => {
      const parsed = JSON.parse(text) as unknown;
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
        ? Object.fromEntries(
            Object.entries(parsed).map(([route, files]): [string, string[]] => [
              route,
              Array.isArray(files)
                ? files.filter((asset): asset is string => typeof asset === 'string' && isBuildScript(asset))
                : [],
            ]),
          )
        : {};
    },
    {},
  );
  const route = routeFor(Object.keys(chunks), pathname);
  return (route === null ? [] : (chunks[route] ?? [])).map((asset): Preload => ({
    href: `/remotes/${name}/${asset}`,
    as: 'script',
  }));
}

const DASHBOARD_FRAME = '/dashboard';
const CONTENT_MARKER = /\s*\{\{contenu\}\}\s*/;

/** Whether the shell draws its dashboard frame (rail, top bar) around this path's screen. */
export function isDashboardPath(pathname: string): boolean {
  return pathname === DASHBOARD_FRAME || pathname.startsWith(`${DASHBOARD_FRAME}/`);
}

/**
 * A dashboard address's first paint: the shell's frame (its build's `first-paint.json`, under
 * "/dashboard") with the screen's part, its title as the remote ships it, where the frame says
 * `{{contenu}}` (nothing there when the remote ships none: the frame's skeleton alone). Null without
 * a frame.
 */
export function dashboardFirstPaint(shellDist: string, screen: string | null): string | null {
  const frame = firstPaints(shellDist)[DASHBOARD_FRAME];
  if (!frame || !CONTENT_MARKER.test(frame)) return null;
  return frame.replace(CONTENT_MARKER, () => screen ?? '');
}

const ROOT = /(<div id="?root"?>)[\s\S]*?(<\/div>\s*<\/body>)/;

/** The shell's page with `markup` in place of what its `#root` shows while the scripts load. */
export function pageWithFirstPaint(html: string, markup: string | null): string {
  if (!markup || !ROOT.test(html)) return html;
  return html.replace(ROOT, (_match, open: string, close: string) => `${open}${markup}${close}`);
}
