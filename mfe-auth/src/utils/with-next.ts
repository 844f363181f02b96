/** `path` carrying `next` in its query, so the post-login destination survives a detour (login ↔ register). */
export function withNext(path: string, next: string | null): string {
  return next ? `${path}?next=${encodeURIComponent(next)}` : path;
}
