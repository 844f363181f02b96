// What every benchmark needs around the server it measures.
import { createServer } from 'node:net';

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
