// A file a build writes next to its scripts (first-paint.json, mf-manifest.json, first-chunks.json…),
// read by the API when it sends a page: parsed once, read again when the file changes (a remote is
// redeployed without restarting the API).
import { readFileSync, statSync } from 'node:fs';

const cache = new Map<string, { mtimeMs: number; value: unknown }>();

/** `parse` of the file's text, or `fallback` when the file is missing or `parse` throws. */
export function readBuildFile<T>(file: string, parse: (text: string) => T, fallback: T): T {
  let mtimeMs: number;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return fallback;
  }
  const cached = cache.get(file);
  if (cached?.mtimeMs === mtimeMs) return cached.value as T;
  let value: T;
  try {
    value = parse(readFileSync(file, 'utf8'));
  } catch {
    value = fallback;
  }
  cache.set(file, { mtimeMs, value });
  return value;
}
