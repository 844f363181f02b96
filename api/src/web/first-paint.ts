// A route's static first paint (docs/decisions/lighthouse.md). A remote may ship, in its build, the
// look of some of its screens as plain HTML with their style sheets (`first-paint.json`, written by
// tooling/webpack/first-paint.js). The page the API sends for such a route carries it inside the
// shell's `#root`: painted as soon as the page arrives, before the scripts have been downloaded and
// run (a phone's slow network and CPU), then replaced by React with the same screen, live.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

type FirstPaints = Record<string, string>;

const readCache = new Map<string, { mtimeMs: number; pages: FirstPaints }>();

/** The remote's pages by route, read again when its build changes; none when it ships none. */
function firstPaints(dist: string): FirstPaints {
  const file = path.join(dist, 'first-paint.json');
  let mtimeMs: number;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return {};
  }
  const cached = readCache.get(file);
  if (cached?.mtimeMs === mtimeMs) return cached.pages;
  let pages: FirstPaints = {};
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      pages = Object.fromEntries(
        Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      );
  } catch {
    pages = {};
  }
  readCache.set(file, { mtimeMs, pages });
  return pages;
}

/** The first paint a remote's build holds for exactly this path (a trailing slash aside), or null. */
export function remoteFirstPaint(dist: string, pathname: string): string | null {
  const route = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  const pages = firstPaints(dist);
  return Object.hasOwn(pages, route) ? (pages[route] ?? null) : null;
}

const ROOT = /(<div id="?root"?>)[\s\S]*?(<\/div>\s*<\/body>)/;

/** The shell's page with `markup` in place of what its `#root` shows while the scripts load. */
export function pageWithFirstPaint(html: string, markup: string | null): string {
  if (!markup || !ROOT.test(html)) return html;
  return html.replace(ROOT, (_match, open: string, close: string) => `${open}${markup}${close}`);
}
