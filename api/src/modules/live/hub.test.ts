// The streams of one process: the heartbeat's comment line, its check of each member's access, the age
// limit, and the clean-up when a client goes or the app stops. The marks are given as plain counters
// (the store's are exercised by live-processes.test.ts); the heartbeat is called rather than waited for.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import pino from 'pino';
import { LiveHub } from './hub';

const HOUR = 60 * 60 * 1000;

let server: Server;
let base: string;
let hub: LiveHub;
let clock: number;
const allowed = new Set<string>();

beforeEach(async () => {
  clock = 0;
  allowed.clear();
  hub = new LiveHub({
    marks: {
      opportunities: async () => 1,
      opportunitiesChanged: async () => [],
      prospects: async () => 1,
    },
    stillAllowed: async ({ userId }) => allowed.has(userId),
    logger: pino({ level: 'silent' }),
    wallClock: () => clock,
    timings: { pollMs: HOUR, heartbeatMs: HOUR, maxAgeMs: 10 * 60_000 },
  });
  const app = express();
  app.get('/events/:userId', async (req, res) => {
    await hub.open(res, { organisationId: 'o1', userId: req.params.userId }, null);
  });
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  hub.stop();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A stream's text as it arrives, and whether the server ended it. */
async function listen(userId: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/events/${userId}`, { signal: controller.signal });
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const state = { text: '', ended: false };
  const pump = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) {
        state.ended = true;
        return;
      }
      state.text += decoder.decode(value, { stream: true });
    }
  })();
  while (!state.text.includes('\n\n')) await new Promise((resolve) => setTimeout(resolve, 5));
  return { state, pump, close: () => controller.abort() };
}

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
};

it('keeps a member’s stream alive with a comment line, and closes the stream of a member who lost access', async () => {
  allowed.add('kept');
  const kept = await listen('kept');
  const removed = await listen('removed');
  expect(hub.size).toBe(2);
  expect(kept.state.text).toMatch(/^event: ready\nid: 1-1\ndata: \{\}\n\n$/);

  await hub.heartbeat();
  await removed.pump;
  expect(removed.state.ended).toBe(true);
  await until(() => kept.state.text.includes(': ping\n\n'));
  expect(kept.state.ended).toBe(false);
  await until(() => hub.size === 1);
  kept.close();
});

it('closes a stream after its age limit, so that the client asks a new ticket', async () => {
  allowed.add('u1');
  const stream = await listen('u1');
  clock += 9 * 60_000;
  await hub.heartbeat();
  expect(stream.state.ended).toBe(false);
  clock += 60_000;
  await hub.heartbeat();
  await stream.pump;
  expect(stream.state.ended).toBe(true);
});

it('forgets a stream whose client went away, and ends every stream when the app stops', async () => {
  const gone = await listen('u1');
  const stays = await listen('u2');
  gone.close();
  await until(() => hub.size === 1);
  hub.stop();
  await stays.pump;
  expect(stays.state.ended).toBe(true);
  expect(hub.size).toBe(0);
});
