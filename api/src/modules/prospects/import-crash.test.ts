// The real API process killed (SIGKILL) in the middle of a large batched import, then restarted on
// the same DATA_DIR: nothing of the import is visible, and its rows are gone from the store.
// Runs api/dist (rebuilt here when older than the sources, as e2e/support/servers.ts starts it).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { openStore } from '../../db/open-store';
import { STORE_FILE } from '../../db/sqlite-store';
import { rowOf, MAPPING, COLUMNS } from './prospects-test-kit';

const API = path.resolve(__dirname, '../../..');
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

/** Builds a package when its dist is missing or older than its sources. */
function buildIfStale(packageDir: string, output: string): void {
  if (existsSync(output) && statSync(output).mtimeMs >= newestSource(path.join(packageDir, 'src'))) return;
  spawnSync(process.execPath, [TSC, '-p', 'tsconfig.build.json'], { cwd: packageDir, stdio: 'ignore' });
  if (!existsSync(output)) throw new Error(`La construction de ${packageDir} a échoué`);
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

type Running = { child: ChildProcess; url: string };

async function startApi(dataDir: string, port: number): Promise<Running> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [ENTRY], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_ROOT: dataDir,
      PUBLIC_URL: url,
      // One process on this store: what the dead one left unfinished goes at the next start.
      IMPORT_START_GRACE_MS: '0',
      LOG_LEVEL: 'warn',
      PASSWORD_HASH_COST: '1024',
    },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API arrêtée au démarrage (code ${child.exitCode})`);
    const ok = await fetch(`${url}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return { child, url };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('API injoignable');
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

async function call(url: string, route: string, body: Record<string, unknown>) {
  const res = await fetch(`${url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { value?: unknown[] } };
}

describe('an import interrupted by a crash', () => {
  let dataDir: string;
  let api: Running | undefined;

  beforeAll(() => {
    buildIfStale(DOMAIN, path.join(DOMAIN, 'dist/index.js'));
    buildIfStale(API, ENTRY);
    dataDir = mkdtempSync(path.join(tmpdir(), 'api-crash-'));
  }, 90_000);
  afterAll(async () => {
    if (api) {
      api.child.kill('SIGKILL');
      await exited(api.child);
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves nothing visible after a restart, and its rows are removed', async () => {
    const port = await freePort();
    api = await startApi(dataDir, port);
    const { url } = api;
    const registered = await call(url, '/api/register', {
      email: 'crash@exemple.fr',
      password: 'Motdepasse1',
      username: 'Dupont Marie',
    });
    const token = registered.body.token as string;
    const organisation = await call(url, '/api/organisation/create', {
      token,
      name: 'Société Crash',
      phone: '0102030405',
    });
    const organisationId = (organisation.body.organisation as { _id: string })._id;
    const as = { token, organisationId };

    const ready = await call(url, '/api/prospect/load', {
      ...as,
      name: 'Fichier terminé',
      isPrivate: false,
      value: MAPPING,
      exel: [rowOf(1), rowOf(2)],
    });
    expect(ready.status).toBe(200);

    const started = await call(url, '/api/prospect/import/start', {
      ...as,
      name: 'Import interrompu',
      isPrivate: false,
      value: MAPPING,
      columns: COLUMNS,
      totalRows: 100_000,
    });
    const importId = started.body.importId as string;
    for (let offset = 0; offset < 10_000; offset += 2000) {
      const rows = Array.from({ length: 2000 }, (_, i) => rowOf(1000 + offset + i));
      const sent = await call(url, '/api/prospect/import/rows', { ...as, importId, offset, rows });
      expect(sent.body).toEqual({ received: offset + 2000 });
    }
    // One more batch in flight, and the process dies under it.
    const inFlight = call(url, '/api/prospect/import/rows', {
      ...as,
      importId,
      offset: 10_000,
      rows: Array.from({ length: 2000 }, (_, i) => rowOf(20_000 + i)),
    }).catch(() => null);
    await new Promise((resolve) => setTimeout(resolve, 15));
    api.child.kill('SIGKILL');
    await exited(api.child);
    await inFlight;

    api = await startApi(dataDir, port);
    const files = await call(url, '/api/prospect/get/all', as);
    expect(files.status).toBe(200);
    expect((files.body.value as { name: string }[]).map((file) => file.name)).toEqual(['Fichier terminé']);
    const page = await call(url, '/api/prospect/get/value', { ...as, excelId: importId });
    expect(page).toEqual({ status: 404, body: { message: 'Fichier introuvable', code: 'NOT_FOUND' } });
    const more = await call(url, '/api/prospect/import/rows', {
      ...as,
      importId,
      offset: 10_000,
      rows: [rowOf(3)],
    });
    expect(more.status).toBe(404);

    api.child.kill('SIGTERM');
    await exited(api.child);
    api = undefined;
    const store = await openStore({ dataDir, mongodbUri: undefined });
    const prospects = store.collection<{ _id: string; excelId: string }>('prospects');
    expect(await prospects.countDocuments({ excelId: importId })).toBe(0);
    expect(await prospects.countDocuments({})).toBe(2);
    expect(await store.collection('prospectFiles').findOne({ _id: importId })).toBeNull();
    await store.close();
    const db = new Database(path.join(dataDir, STORE_FILE), { readonly: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
  }, 30_000);
});
