// WEB_CONCURRENCY: the built API as `npm start` runs it, one primary and its workers on one port and
// one DATA_DIR (docs/decisions/every-core.md).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type ApiProcess, buildApiIfStale, exited, post, startCluster } from './test-support/api-process';

/** The pids of a process's children (the cluster's workers). */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((line) => Number(line.trim()))
      .filter((child) => child > 0);
  } catch {
    return []; // ps exits 1 when there is none
  }
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function waitFor<T>(read: () => T, ok: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 200; i += 1) {
    const value = read();
    if (ok(value)) return value;
    await sleep(50);
  }
  return read();
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
    expect((await fetch(`${api.url}/healthz`)).status).toBe(200);

    api.child.kill('SIGTERM');
    await exited(api.child);
    expect(api.child.exitCode).toBe(0);
    api = undefined;
    expect(replaced.filter(isRunning)).toEqual([]);
  }, 60_000);
});
