// Test-only entry (`@app/platform/testing`): never imported by a page, it runs in jest under Node.
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { configureApiClient } from '../api/api-client';

/** One request the test server received, answered when the test chooses. */
export type TestApiRequest = {
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
  answer(status: number, body: unknown): void;
  /** Cuts the connection without an answer, as a network that drops. */
  drop(): void;
};

export type TestApiServer = {
  baseURL: string;
  /** Closes the server, dropping the requests a failing test left unanswered. */
  close(): Promise<void>;
};

/**
 * A real HTTP server on 127.0.0.1 for a test of the real API client: it answers the browser's
 * preflight itself, reads each call's JSON body and hands the call to `onRequest`, which answers it
 * at once or holds it. The API client is pointed at it.
 */
export async function startTestApiServer(
  onRequest: (request: TestApiRequest) => void,
): Promise<TestApiServer> {
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.setHeader('Access-Control-Allow-Headers', 'Content-Type, X-XSRF-TOKEN, Idempotency-Key');
    if (request.method === 'OPTIONS') {
      response.writeHead(204).end();
      return;
    }
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () =>
      onRequest({
        path: request.url ?? '',
        headers: request.headers,
        body: JSON.parse(raw || '{}') as Record<string, unknown>,
        answer: (status, body) =>
          response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body)),
        drop: () => response.socket?.destroy(),
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  configureApiClient({ baseURL });
  return {
    baseURL,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
