// A local stand-in for the "Recherche d'entreprises" API (GET /search?q=…), for the API tests and the
// e2e: it serves the answers in registry-fixtures/ (<query>.json, in the service's format; an unknown
// query gets an empty result list), refuses calls beyond its rate with 429 + Retry-After as the
// real service does, and can be made slow or failing. Listens on 127.0.0.1 only.
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export const REGISTRY_FIXTURES = path.join(__dirname, 'registry-fixtures');

export type RegistryFakeBehaviour = {
  /** Calls allowed in any 1-second window; beyond, 429 (the public service allows 7). */
  ratePerSecond: number;
  /** Delay before each answer, in ms. */
  delayMs: number;
  /** When set, every call is answered with this status (e.g. 503). */
  failWith: number | null;
};

export type RegistryFake = {
  url: string;
  behaviour: RegistryFakeBehaviour;
  /** Every query received, in order (refused ones included). */
  queries: string[];
  /** Arrival times (ms, performance.now) of the calls answered 200. */
  served: number[];
  /** Calls refused with 429. */
  refused: number;
  stop(): Promise<void>;
};

const EMPTY_PAGE = { results: [], total_results: 0, page: 1, per_page: 5, total_pages: 0 };

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  response.end(JSON.stringify(body));
}

function answerFor(query: string): unknown {
  // Only digits name a fixture: a query never reaches outside the folder.
  const file = path.join(REGISTRY_FIXTURES, `${query}.json`);
  if (!/^[0-9]{9,14}$/.test(query) || !existsSync(file)) return EMPTY_PAGE;
  return JSON.parse(readFileSync(file, 'utf8'));
}

export async function startRegistryFake(
  behaviour: Partial<RegistryFakeBehaviour> = {},
  port = 0,
): Promise<RegistryFake> {
  const fake: Omit<RegistryFake, 'url' | 'stop'> = {
    behaviour: { ratePerSecond: 7, delayMs: 0, failWith: null, ...behaviour },
    queries: [],
    served: [],
    refused: 0,
  };
  const recent: number[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/search') {
      json(response, 404, { erreur: 'Route inconnue' });
      return;
    }
    const query = (url.searchParams.get('q') ?? '').replace(/\s/g, '');
    fake.queries.push(query);
    const now = performance.now();
    while (recent.length > 0 && (recent[0] ?? 0) <= now - 1000) recent.shift();
    if (recent.length >= fake.behaviour.ratePerSecond) {
      fake.refused += 1;
      json(response, 429, { erreur: 'Trop de requêtes' }, { 'retry-after': '1' });
      return;
    }
    recent.push(now);
    const answer = () => {
      if (fake.behaviour.failWith !== null) {
        json(response, fake.behaviour.failWith, { erreur: 'Service indisponible' });
        return;
      }
      fake.served.push(now);
      json(response, 200, answerFor(query));
    };
    if (fake.behaviour.delayMs > 0) setTimeout(answer, fake.behaviour.delayMs).unref();
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  // A fake left running must not keep its process alive.
  server.unref();
  const { port: listening } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${listening}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
