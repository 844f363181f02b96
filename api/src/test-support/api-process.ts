// The built API as a real process on a DATA_DIR, for the tests that kill it (SIGKILL) and start it
// again: api/dist is rebuilt first when older than the sources, as e2e/support/servers.ts starts it.
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

const API = path.resolve(__dirname, '../..');
const DOMAIN = path.resolve(API, '../domain');
const ENTRY = path.join(API, 'dist/index.js');
const TSC = require.resolve('typescript/bin/tsc');

function newestSource(folder: string): number {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(full));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
      newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

function buildIfStale(packageDir: string, output: string): void {
  if (existsSync(output) && statSync(output).mtimeMs >= newestSource(path.join(packageDir, 'src'))) return;
  spawnSync(process.execPath, [TSC, '-p', 'tsconfig.build.json'], { cwd: packageDir, stdio: 'ignore' });
  if (!existsSync(output)) throw new Error(`La construction de ${packageDir} a échoué`);
}

/** Builds domain and api when their dist is missing or older than their sources (call in beforeAll). */
export function buildApiIfStale(): void {
  buildIfStale(DOMAIN, path.join(DOMAIN, 'dist/index.js'));
  buildIfStale(API, ENTRY);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export type ApiProcess = { child: ChildProcess; url: string };

/** The environment of a built API on 127.0.0.1:`port` over `dataDir`, as `npm start` sets it. */
function apiEnvironment(dataDir: string, port: number, logLevel: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_ROOT: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: logLevel,
    PASSWORD_HASH_COST: '1024',
  };
}

/** Starts api/dist on 127.0.0.1:`port` over `dataDir` (with `env` on top) and waits for /healthz. */
export async function startApi(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
): Promise<ApiProcess> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [ENTRY], {
    env: {
      ...apiEnvironment(dataDir, port, 'warn'),
      // One process unless a test asks for the cluster: the crash tests kill exactly one.
      WEB_CONCURRENCY: '1',
      ...env,
    },
    stdio: process.env.DEBUG_API ? 'inherit' : 'ignore',
  });
  await untilHealthy(child, url, (why) => {
    child.kill('SIGKILL');
    return new Error(why);
  });
  return { child, url };
}

/**
 * Resolves once `url`/healthz answers; else throws `failed(why)`, when the process ends first or after
 * 60 s (generous: a loaded machine, tests beside builds, has taken more than 20 s to start it).
 */
async function untilHealthy(child: ChildProcess, url: string, failed: (why: string) => Error): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw failed(`API arrêtée au démarrage (code ${child.exitCode})`);
    const ok = await fetch(`${url}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw failed('API injoignable');
}

export function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Sends `signal` and waits for the process to end. */
export async function stopApi(api: ApiProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  api.child.kill(signal);
  await exited(api.child);
}

export type BuiltApi = {
  /** The DATA_DIR, made before the block's tests. */
  readonly dataDir: string;
  /** Starts api/dist over the DATA_DIR on `port`, with `env` on top of the block's. */
  start(port: number, env?: Record<string, string>): Promise<ApiProcess>;
};

/**
 * Call inside a describe block: before its tests, api/dist built when stale and a new DATA_DIR (its
 * folder named after `prefix`); after them, every process it started that still runs is killed
 * (SIGKILL) and the folder removed.
 */
export function useBuiltApi(prefix: string, env: Record<string, string> = {}): BuiltApi {
  const started: ApiProcess[] = [];
  let dataDir: string | undefined;
  beforeAll(() => {
    buildApiIfStale();
    dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  }, 180_000);
  afterAll(async () => {
    await Promise.all(started.splice(0).map((api) => stopApi(api, 'SIGKILL')));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  const made = () => {
    if (!dataDir) throw new Error('useBuiltApi: the DATA_DIR is used before beforeAll ran');
    return dataDir;
  };
  return {
    get dataDir() {
      return made();
    },
    async start(port, more = {}) {
      const api = await startApi(made(), port, { ...env, ...more });
      started.push(api);
      return api;
    },
  };
}

/**
 * Starts api/dist as `npm start` does (WEB_CONCURRENCY=`workers`: a primary and its workers on one port
 * and one DATA_DIR), and resolves once the primary says every worker listens. `whileStarting` runs
 * beside the start, from the primary's spawn (a test acting on the workers as they start); the start
 * resolves once it has ended too.
 */
export async function startCluster(
  dataDir: string,
  workers: number,
  env: Record<string, string> = {},
  whileStarting?: (primary: ChildProcess, url: string) => Promise<void>,
): Promise<ApiProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [ENTRY], {
    env: { ...apiEnvironment(dataDir, port, 'info'), WEB_CONCURRENCY: String(workers), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const acting = whileStarting?.(child, url);
  // Its failure is thrown below, once the start has ended (not an unhandled rejection meanwhile).
  acting?.catch(() => undefined);
  // The last lines logged, for the error of a start that failed (the logs are dropped otherwise).
  const lastLines: string[] = [];
  let listening = false;
  for await (const line of createInterface({ input: child.stdout as NodeJS.ReadableStream })) {
    lastLines.push(line);
    if (lastLines.length > 20) lastLines.shift();
    listening = line.includes(`${workers} processus à l’écoute`);
    if (listening) break;
  }
  const failed = (why: string) => {
    child.kill('SIGKILL');
    return new Error(`${why}\n${lastLines.join('\n')}`);
  };
  if (!listening) throw failed(`API arrêtée au démarrage (code ${child.exitCode})`);
  await acting?.catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  // The logs after the start: shown with DEBUG_API set (as startApi's), else read and dropped.
  if (process.env.DEBUG_API) child.stdout?.pipe(process.stderr);
  else child.stdout?.resume();
  // Answering, not only listening: a worker that died at once leaves the port closed until the
  // primary's next one listens (CI saw a refused connection right after the line, on a loaded machine).
  await untilHealthy(child, url, failed);
  return { child, url };
}

export type Reply = { status: number; body: Record<string, unknown> };

/** POST with a JSON body, as the browser's API client sends every call. */
export async function post(url: string, route: string, body: Record<string, unknown>): Promise<Reply> {
  const res = await fetch(`${url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/**
 * POST on a connection of its own: the cluster gives each new connection to the next worker, and no
 * kept-alive socket can be closed as idle by the server just as the client reuses it (a race on a loaded
 * machine that could fail a call the API never received).
 */
export function postOnNewConnection(
  url: string,
  route: string,
  body: Record<string, unknown>,
  /**
   * Sends the first half of the body, runs this once connected (given the connection's local port),
   * then sends the rest: the server has the call but cannot have read it whole meanwhile.
   */
  beforeTheRest?: (localPort: number) => Promise<void>,
): Promise<Reply> {
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${url}${route}`,
      {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> }),
        );
      },
    );
    request.on('error', reject);
    if (!beforeTheRest) {
      request.end(data);
      return;
    }
    const half = Buffer.from(data).subarray(0, Buffer.byteLength(data) >> 1);
    request.write(half);
    request.on('socket', (socket) =>
      socket.once('connect', () => {
        beforeTheRest(socket.localPort as number).then(
          () => request.end(Buffer.from(data).subarray(half.length)),
          (error: unknown) => request.destroy(error as Error),
        );
      }),
    );
  });
}

/** The pid's open file descriptors' targets ('socket:[inode]'…); none for a process gone. */
function openFiles(pid: number): string[] {
  const folder = `/proc/${pid}/fd`;
  if (!existsSync(folder)) return [];
  const targets: string[] = [];
  for (const fd of readdirSync(folder)) {
    // A descriptor closed between the listing and the read has no target any more.
    const target = readlinkOrNull(path.join(folder, fd));
    if (target) targets.push(target);
  }
  return targets;
}

function readlinkOrNull(link: string): string | null {
  try {
    return readlinkSync(link);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Which of `pids` (the cluster's workers) holds the server's end of the connection from local port
 * `clientPort` to `serverPort` on 127.0.0.1, read from Linux's /proc; undefined while none does yet
 * (the primary hands the connection over).
 */
export function pidServing(
  serverPort: number,
  clientPort: number,
  pids: readonly number[],
): number | undefined {
  const hex = (port: number) => `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  // Lines of /proc/net/tcp: sl, local address, remote address, state, …, inode (the tenth field).
  const line = readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .map((text) => text.trim().split(/\s+/))
    .find((fields) => fields[1]?.endsWith(hex(serverPort)) && fields[2]?.endsWith(hex(clientPort)));
  const inode = line?.[9];
  if (!inode || inode === '0') return undefined;
  return pids.find((pid) => openFiles(pid).includes(`socket:[${inode}]`));
}

/** The owner of a new organisation, signed in (the trial gives them a licence). */
export async function signUpOwner(
  url: string,
  email: string,
): Promise<{ token: string; organisationId: string }> {
  const registered = await post(url, '/api/register', {
    email,
    password: 'Motdepasse1',
    username: 'Dupont Marie',
  });
  if (registered.status !== 200) throw new Error(`register ${registered.status}`);
  const token = registered.body.token as string;
  const created = await post(url, '/api/organisation/create', {
    token,
    name: 'Société Durable',
    phone: '0102030405',
  });
  if (created.status !== 200) throw new Error(`organisation/create ${created.status}`);
  return { token, organisationId: (created.body.organisation as { _id: string })._id };
}

/** The pids of a process's children (the cluster's workers). */
export function childrenOf(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((line) => Number(line.trim()))
      .filter((child) => child > 0);
  } catch {
    return []; // ps exits 1 when there is none
  }
}

/** True while `pid` is a live process (signal 0 only checks). */
export const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
