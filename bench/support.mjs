// What every benchmark needs around the server it measures.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

/**
 * `post` of `body` (an object, or JSON already written) on a connection of its own, none kept alive:
 * with WEB_CONCURRENCY above 1 the cluster's primary hands each new connection to the workers in turn.
 */
export function postOnNewConnection(base, route, body) {
  const data = typeof body === 'string' ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}${route}`,
      {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () =>
          response.statusCode === 200
            ? resolve(JSON.parse(text))
            : reject(new Error(`${route} : ${response.statusCode} ${text}`)),
        );
      },
    );
    request.on('error', reject);
    request.end(data);
  });
}

/**
 * `post`, sent again once when the keep-alive connection it went out on had been closed by the server
 * meanwhile (idle longer than its keep-alive timeout while a bench filled the store).
 */
export async function postRetrying(base, route, body) {
  try {
    return await post(base, route, body);
  } catch (error) {
    if (error?.cause?.code !== 'UND_ERR_SOCKET') throw error;
    return post(base, route, body);
  }
}

/** The median time of `repeat` runs of `work`, one after another, in ms to a tenth. */
export async function timedMedian(work, repeat) {
  const times = [];
  for (let i = 0; i < repeat; i += 1) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return Math.round(times[Math.floor(times.length / 2)] * 10) / 10;
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

// Processes, the API's store and the owner every API benchmark starts from (calendar-feed.mjs,
// digest.mjs, api.mjs, opportunity-seed.mjs…): started, waited for and stopped the same way, and all
// stopped on exit or Ctrl-C.

const here = path.dirname(fileURLToPath(import.meta.url));
/** The repository's root. */
export const repo = path.resolve(here, '..');
/** The built API's entry (npm run build in api/, or npx turbo run build --filter=@app/api). */
export const apiEntry = path.join(repo, 'api', 'dist', 'index.js');
/** `require` from the API's workspace: its dependencies (express, smtp-server…) and its dist/. */
export const apiRequire = createRequire(path.join(repo, 'api', 'package.json'));

export const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const children = new Set();
const cleanUps = [];

/** Stops every process started with `startNode` and runs the clean-ups registered with `onCleanUp`. */
export function cleanUp() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  for (const fn of cleanUps.splice(0)) fn();
}
process.on('SIGINT', () => {
  cleanUp();
  process.exit(130);
});

/** `fn` runs at cleanUp() (a temporary directory's removal). */
export function onCleanUp(fn) {
  cleanUps.push(fn);
}

/** A temporary directory, removed at cleanUp(). */
export function tempDir(prefix) {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  onCleanUp(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * `node <args>` with `env` added; its standard output goes to `stdout` (a file descriptor) when given,
 * its standard error is printed if it stops with an error.
 */
export function startNode(label, args, env, stdout = 'ignore') {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', stdout, 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.on('exit', (code) => {
    children.delete(child);
    if (code) console.error(`${label} s'est arrêté (code ${code})\n${stderr}`);
  });
  children.add(child);
  return child;
}

/** `--cpu-prof` into `dir` when given. */
const cpuProfArgs = (dir) => (dir ? ['--cpu-prof', '--cpu-prof-dir', dir] : []);

/** The built API (with `--cpu-prof` into `cpuProfDir` when given). */
export function startApi(env, cpuProfDir) {
  return startNode('API', [...cpuProfArgs(cpuProfDir), apiEntry], env);
}

/** True when api/dist is built; else says how to build it and sets the exit code (the run stops). */
export function apiBuilt() {
  if (existsSync(apiEntry)) return true;
  console.error(
    `API non construite (${path.relative(repo, apiEntry)} absent) : lancez "npm run build:apps".`,
  );
  process.exitCode = 1;
  return false;
}

/**
 * The built API on `port` (a free one unless given) with the environment `env(port)`, `nodeArgs`
 * (and `--cpu-prof` into `cpuProfDir`) before its entry; resolves once it answers /healthz.
 */
export async function runApi(env, { port, cpuProfDir, nodeArgs = [], timeoutMs } = {}) {
  const at = port ?? (await freePort());
  const child = startNode('API', [...nodeArgs, ...cpuProfArgs(cpuProfDir), apiEntry], env(at));
  const base = `http://127.0.0.1:${at}`;
  await waitForHealth(`${base}/healthz`, child, timeoutMs);
  return { child, base, port: at };
}

/**
 * An API benchmark's usual start on `dataDir`: the built API started for `accounts(base)` (accounts
 * made through the API), stopped while `seed(store, made)` writes straight into its store, then started
 * again on the seeded store (`runApi`'s options apply to this second start; `port` to both).
 */
export async function startSeededApi({ dataDir, env, accounts, seed, port, ...options }) {
  const first = await runApi(env, { port });
  const made = await accounts(first.base);
  await stop(first.child);
  const store = await openApiStore(dataDir);
  const seedStart = performance.now();
  await seed(store, made);
  const seedMs = Math.round(performance.now() - seedStart);
  await store.close();
  const api = await runApi(env, { port, ...options });
  return { ...api, accounts: made, seedMs };
}

/** Waits until `url` answers 200; fails if `child` stops first. */
export async function waitForHealth(url, child, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`le serveur s'est arrêté avant de répondre sur ${url}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await pause(100);
  }
  throw new Error(`pas de réponse de ${url} après ${timeoutMs} ms`);
}

/** SIGTERM, then SIGKILL after 5 s; resolves once it has stopped. */
export function stop(child) {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** The API's environment for a benchmark on its embedded store in `dataDir`. */
export function apiEnv(port, dataDir, extra = {}) {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_ROOT: dataDir,
    PUBLIC_URL: 'https://app.exemple.fr',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    MONGODB_URI: '',
    SMTP_URL: '',
    PASSWORD_HASH_COST: '1024',
    ...extra,
  };
}

/** The API's store in `dataDir`, opened from this process (the API stopped, or alongside it). */
export function openApiStore(dataDir) {
  const { openStore } = apiRequire(path.join(repo, 'api', 'dist', 'db', 'open-store.js'));
  return openStore({ mongodbUri: undefined, dataDir });
}

/** An account with its organisation (on the trial: a licence), through the API. */
export async function ownerWithOrganisation(base, { email, username, organisation }) {
  const { token } = await post(base, '/api/register', { email, password: 'Motdepasse1', username });
  const created = await post(base, '/api/organisation/create', {
    token,
    name: organisation,
    phone: '0102030405',
  });
  return { token, organisationId: created.organisation._id };
}

/** A user's id, read from the store by e-mail. */
export async function userIdOf(store, email) {
  return (await store.collection('users').findOne({ email }))._id;
}

/** Id `n` as 24 hex characters behind a letter (prospects 'a…', opportunities 'c…'). */
export const benchId = (letter, n) => `${letter}${n.toString(16).padStart(23, '0')}`;

/** A prospect as an import stores it, accepted; `fields` replaces any of its values. */
export function benchProspect(i, organisationId, userId, fields = {}) {
  return {
    _id: benchId('a', i),
    organisationId,
    excelId: '',
    userId,
    isPrivate: false,
    rowIndex: i,
    prospect: `Société ${i}`,
    enseigne: `Enseigne ${i}`,
    codePostale: '75001',
    ville: 'Paris',
    adresseComplete: `${i} rue de la Mesure`,
    site: 'Aucun',
    telephone: '0102030405',
    eMail: `contact${i}@exemple.fr`,
    siret: 'Aucun',
    libelleactivite: 'Restauration',
    trancheSalarier: '1-9',
    typeEtablissement: 'Aucun',
    departement: '75',
    region: 'Île-de-France',
    value: '{}',
    searchText: `societe ${i}`,
    dedupKey: `name:banc${i}`,
    siretFlagged: false,
    isAccepted: true,
    opportunityId: benchId('c', i),
    ...fields,
  };
}

/** An opportunity of prospect `i` owned by `userId`, in `state`; `fields` adds dates and the like. */
export function benchOpportunity(i, organisationId, userId, state, now, fields = {}) {
  return {
    _id: benchId('c', i),
    organisationId,
    prospectId: benchId('a', i),
    excelId: '',
    userId,
    state,
    creationDate: now - i * 60_000,
    stateChangedAt: now - 86_400_000,
    isPrivate: false,
    fileOwnerId: userId,
    informationContractuelle: '{}',
    history: [{ at: now, by: userId, from: null, to: state }],
    ...fields,
  };
}

/** CPU time (user + system, ms) of a process and its child processes (the API's cluster workers). */
export function cpuMs(pid) {
  const ticks = (stat) => {
    const fields = stat.split(') ')[1].split(' ');
    return { ppid: Number(fields[1]), ms: ((Number(fields[11]) + Number(fields[12])) * 1000) / 100 };
  };
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const { ppid, ms } = ticks(readFileSync(`/proc/${entry}/stat`, 'utf8'));
      if (Number(entry) === pid || ppid === pid) total += ms;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/**
 * This build and, with `compareEntry`, another one, each on its own copy of the store load.mjs seeded and
 * kept in `seedDir` (`--seed-dir`), one process each with `env` added; and the seed's accounts. Null,
 * the exit code set, when no kept store is there.
 */
export async function seededBuilds(seedDir, compareEntry, env) {
  if (!seedDir || !existsSync(path.join(seedDir, 'seed.json'))) {
    console.error('Base préparée absente : lancez d’abord "node bench/load.mjs --seed-dir <dossier> …".');
    process.exitCode = 1;
    return null;
  }
  const seed = JSON.parse(readFileSync(path.join(seedDir, 'seed.json'), 'utf8'));
  const start = async (label, entry) => {
    const dataDir = tempDir('bench-seeded-');
    cpSync(path.join(seedDir, 'data'), dataDir, { recursive: true });
    const port = await freePort();
    const child = startNode(label, [entry], apiEnv(port, dataDir, env));
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(`${base}/healthz`, child);
    return { label, entry: path.relative(repo, entry), child, base };
  };
  const builds = [await start('cette version', apiEntry)];
  if (compareEntry) builds.push(await start('comparée', compareEntry));
  return { seed, builds };
}
