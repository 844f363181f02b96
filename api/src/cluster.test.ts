// WEB_CONCURRENCY: the built API as `npm start` runs it, one primary and its workers on one port and
// one DATA_DIR (docs/decisions/every-core.md).
import { type ChildProcess, spawn } from 'node:child_process';
import { Worker } from 'node:cluster';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ALLOCATOR_SETTINGS, relayToSiblings, sendToWorker, workerEnvironment } from './cluster';
import {
  type ApiProcess,
  buildApiIfStale,
  childrenOf,
  exited,
  isRunning,
  post,
  startCluster,
} from './test-support/api-process';

async function waitFor<T>(read: () => T, ok: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 200; i += 1) {
    const value = read();
    if (ok(value)) return value;
    await sleep(50);
  }
  return read();
}

/** GET /healthz's status on a new connection (no kept-alive socket reused). */
function healthOnNewConnection(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(`${url}/healthz`, { agent: false }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
      .on('error', reject);
  });
}

describe('npm start with WEB_CONCURRENCY=2', () => {
  let dataDir: string;
  let api: ApiProcess | undefined;

  beforeAll(() => {
    buildApiIfStale();
    dataDir = mkdtempSync(path.join(tmpdir(), 'api-cluster-'));
  }, 120_000);
  afterAll(async () => {
    if (api) {
      api.child.kill('SIGKILL');
      await exited(api.child);
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves from two workers, replaces one that dies, and stops them all on SIGTERM', async () => {
    api = await startCluster(dataDir, 2);
    const primary = api.child.pid as number;
    const workers = childrenOf(primary);
    expect(workers).toHaveLength(2);

    // An account made through one worker signs in through whichever answers next.
    const registered = await post(api.url, '/api/register', {
      email: 'grappe@exemple.fr',
      password: 'Motdepasse1',
      username: 'Grappe Marie',
    });
    expect(registered.status).toBe(200);
    for (let i = 0; i < 4; i += 1) {
      const login = await post(api.url, '/api/login', {
        email: 'grappe@exemple.fr',
        password: 'Motdepasse1',
      });
      expect(login.status).toBe(200);
    }

    process.kill(workers[0] as number, 'SIGKILL');
    const replaced = await waitFor(
      () => childrenOf(primary),
      (pids) => pids.length === 2 && !pids.includes(workers[0] as number),
    );
    expect(replaced).toHaveLength(2);
    expect(replaced).toContain(workers[1]);
    // Every worker, the replacement too, started with the allocator settings (or the operator's own).
    for (const pid of replaced)
      for (const [name, value] of Object.entries(ALLOCATOR_SETTINGS))
        expect(environmentOf(pid)).toContain(`${name}=${process.env[name] ?? value}`);
    // On a connection of its own: a kept-alive one may be the killed worker's, closed under the call.
    expect(await healthOnNewConnection(api.url)).toBe(200);

    api.child.kill('SIGTERM');
    await exited(api.child);
    expect(api.child.exitCode).toBe(0);
    api = undefined;
    expect(replaced.filter(isRunning)).toEqual([]);
  }, 60_000);
});

/** A process's environment as it started, from /proc (Linux): `NAME=value` entries. */
const environmentOf = (pid: number) => readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');

describe('a worker of the start that dies after the first one listens (every-core.md, "A sibling of the start that failed")', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('is replaced, not taken for a failed start: the API starts with two workers', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'api-cluster-sibling-'));
    dirs.push(dir);
    let sibling: number | undefined;
    // The worker forked beside the first (it waits for the first's word) is stopped at once, then
    // killed once the first answers: it dies before listening, as one failing on a loaded machine.
    const api = await startCluster(dir, 2, {}, async (primary, url) => {
      const waiting = () =>
        childrenOf(primary.pid as number).find((pid) => {
          try {
            return environmentOf(pid).includes('API_WAIT_FOR_FIRST_WORKER=1');
          } catch {
            return false; // gone meanwhile
          }
        });
      sibling = await waitFor(waiting, (pid) => pid !== undefined);
      if (sibling === undefined) throw new Error('aucun processus n’attend le premier');
      process.kill(sibling, 'SIGSTOP');
      while ((await healthOnNewConnection(url).catch(() => 0)) !== 200) await sleep(50);
      process.kill(sibling, 'SIGKILL');
    });
    try {
      const primary = api.child.pid as number;
      const workers = childrenOf(primary);
      expect(workers).toHaveLength(2);
      expect(workers).not.toContain(sibling);
      expect(await healthOnNewConnection(api.url)).toBe(200);
      api.child.kill('SIGTERM');
      await exited(api.child);
      expect(api.child.exitCode).toBe(0);
    } finally {
      api.child.kill('SIGKILL');
    }
  }, 60_000);
});

describe('the workers’ environment', () => {
  it('adds the allocator settings the operator left unset, and what the worker is told', () => {
    expect(workerEnvironment({})).toEqual({ MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_ARENA_MAX: '2' });
    expect(workerEnvironment({ MALLOC_ARENA_MAX: '4' }, { API_WAIT_FOR_FIRST_WORKER: '1' })).toEqual({
      MALLOC_MMAP_THRESHOLD_: '131072',
      API_WAIT_FOR_FIRST_WORKER: '1',
    });
  });
});

/** How many threads a process still has, from /proc (Linux). */
const threadsOf = (pid: number) => readdirSync(`/proc/${pid}/task`).length;

/** A process's state letter in /proc (Linux): `Z` once it has ended and is not yet reaped. */
const state = (pid: number) => /\) (\w)/.exec(readFileSync(`/proc/${pid}/stat`, 'utf8'))?.[1];

/**
 * A worker as the primary holds it (node:cluster's Worker over a child with a channel), killed with
 * SIGKILL and already ended, but not yet seen gone: the primary has not read the end of its channel,
 * so `isConnected()` still says true. The wait is a busy loop, so this event loop reads nothing meanwhile.
 */
async function justKilledWorker(): Promise<{ worker: Worker; child: ChildProcess }> {
  const child = spawn(process.execPath, ['-e', "process.on('message', () => {}); process.send('prêt');"], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const worker = new (Worker as unknown as new (options: { process: ChildProcess }) => Worker)({
    process: child,
  });
  await new Promise((resolve) => child.once('message', resolve));
  child.kill('SIGKILL');
  // Its other threads too: the leader shows `Z` while they still exit, holding the channel's socket
  // open, and a write then succeeds (a loaded CI machine saw 10 of 10).
  while (state(child.pid as number) !== 'Z' || threadsOf(child.pid as number) > 1);
  return { worker, child };
}

describe('the primary writing to a worker just killed (every-core.md, "A worker killed during an import")', () => {
  it('reports the failed write (EPIPE) to its caller and never as an error event, which would end the primary', async () => {
    // The write to a channel whose other end has closed fails with EPIPE (10 of 10 here once the
    // child's every thread is waited for, even on a loaded machine); ten workers make sure some did.
    const failures: string[] = [];
    const emitted: unknown[] = [];
    for (let i = 0; i < 10; i += 1) {
      const { worker, child } = await justKilledWorker();
      expect(worker.isConnected()).toBe(true);
      worker.on('error', (error) => emitted.push(error));
      const failed = new Promise<void>((resolve) => {
        const from = { isConnected: () => true, send: jest.fn() } as unknown as Worker;
        relayToSiblings(from, { type: 'api:relay:import-lease', key: 'i1' }, [from, worker], (error) => {
          failures.push((error as NodeJS.ErrnoException).code ?? error.message);
          resolve();
        });
        setTimeout(resolve, 200);
      });
      await failed;
      if (child.connected) await new Promise((resolve) => child.once('disconnect', resolve));
      await exited(child);
      // Seen gone now: nothing is written at all.
      sendToWorker(worker, 'api:first-worker-listens', (error) => failures.push(`after: ${error.message}`));
    }
    expect(emitted).toEqual([]);
    expect(failures.length).toBeGreaterThan(0);
    expect(new Set(failures)).toEqual(new Set(['EPIPE']));
  }, 30_000);
});
