// A worker forked beside the first one loads its code at once but opens the store only when the
// primary says the first worker listens (every-core.md, "Start-up").
import { firstWorkerListens } from './cluster';

const WAIT = 'API_WAIT_FOR_FIRST_WORKER';

afterEach(() => {
  delete process.env[WAIT];
});

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
};

it('lets the first worker (and a replacement, forked without the variable) go at once', async () => {
  const sent: string[] = [];
  expect(await settled(firstWorkerListens((message) => sent.push(message)))).toBe(true);
  expect(sent).toEqual([]);
});

it('holds a worker forked beside the first until the primary’s word, whatever else it hears', async () => {
  process.env[WAIT] = '1';
  const listeners = process.listenerCount('message');
  const sent: string[] = [];
  const gate = firstWorkerListens((message) => sent.push(message));
  // It asks the primary once it listens for the answer (an answer sent earlier would be lost).
  expect(sent).toEqual(['api:worker-waits-for-first']);
  expect(process.listenerCount('message')).toBe(listeners + 1);
  expect(await settled(gate)).toBe(false);
  process.emit('message', 'autre chose', undefined);
  process.emit('message', { cmd: 'NODE_CLUSTER' }, undefined);
  expect(await settled(gate)).toBe(false);
  process.emit('message', 'api:first-worker-listens', undefined);
  expect(await settled(gate)).toBe(true);
  expect(process.listenerCount('message')).toBe(listeners);
});
