// What every benchmark needs around the server it measures.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

/** A free loopback port (asked of the OS, then released for the child to take). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** One JSON POST to the API; throws with the server's message on a refusal. */
export async function post(base, route, body) {
  const res = await fetch(`${base}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${route} : ${res.status} ${json.message ?? ''}`);
  return json;
}

/** A memory field of /proc/<pid>/status (VmRSS, VmHWM…) in MB. */
export function memoryMb(pid, field) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
}

/** The value at `q` (0…1) of an ascending list, 0 for an empty one. */
export function quantile(sorted, q) {
  return sorted.length === 0 ? 0 : sorted[Math.floor((sorted.length - 1) * q)];
}

/** `--name 12` on the command line: a positive number, else `fallback`. */
export function numberOption(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  const value = index === -1 ? undefined : Number(process.argv[index + 1]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/** `--name 10,20` on the command line: the positive integers, else `fallback`. */
export function listOption(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  if (index === -1) return fallback;
  return String(process.argv[index + 1] ?? '')
    .split(',')
    .map(Number)
    .filter((value) => Number.isInteger(value) && value > 0);
}

/** `--name <dir>` on the command line: that path resolved (`fallback` when no path follows), else undefined. */
export function pathOption(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : path.resolve(process.argv[index + 1] ?? fallback);
}
