// Opportunities at scale, against the built API (api/dist, embedded SQLite store):
// - POST /api/opportunity/getwithfilter (first page of 500 TODO among 20,000 opportunities of one
//   organisation) with autocannon at 50 clients, against a bare Express POST route parsing the same
//   JSON body, in the same run; prints the ratio and p50/p99;
// - the server time of /api/opportunity/export/filter over 100,000 opportunities of another
//   organisation (the X-Response-Time the request log measures is not exposed: we time the call
//   on loopback, so the figure includes the transfer of the CSV, an upper bound).
// Seeding: users and organisations through the API; prospects and opportunities written straight
// into the store through the built collection interface (chunks of 2,000) while the API is stopped.
// Usage: node bench/opportunities.mjs [--duration 5]   (after npx turbo run build --filter=@app/api)
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');
const apiEntry = path.join(repo, 'api', 'dist', 'index.js');
const resultsFile = path.join(here, 'results', 'opportunities.json');
const require = createRequire(path.join(repo, 'api', 'package.json'));

function option(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  const value = index === -1 ? undefined : Number(process.argv[index + 1]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}
const durationS = option('duration', 5);
const CLIENTS = 50;
const LIST_SIZE = 20_000;
const EXPORT_SIZE = 100_000;
const CHUNK = 2000;

const children = new Set();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-opportunities-'));
function cleanUp() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
process.on('SIGINT', () => {
  cleanUp();
  process.exit(130);
});

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function start(label, args, env) {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.on('exit', (code) => {
    children.delete(child);
    if (code && code !== 0) console.error(`${label} s'est arrêté (code ${code})\n${stderr}`);
  });
  children.add(child);
  return child;
}

async function waitForHealth(url, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`le serveur s'est arrêté avant de répondre sur ${url}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`pas de réponse de ${url} après ${timeoutMs} ms`);
}

function stop(child) {
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

async function post(base, route, body) {
  const res = await fetch(`${base}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${route} : ${res.status} ${json.message ?? ''}`);
  return json;
}

async function measure(url, body) {
  const request = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  await autocannon({ url, connections: CLIENTS, duration: 1, ...request });
  const result = await autocannon({ url, connections: CLIENTS, duration: durationS, ...request });
  return {
    requestsPerSec: Math.round(result.requests.average),
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

const apiEnv = (port) => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  MONGODB_URI: '',
  SMTP_URL: '',
  PASSWORD_HASH_COST: '1024',
});

async function owner(base, n) {
  const { token } = await post(base, '/api/register', {
    email: `bench.opportunites.${n}@exemple.fr`,
    password: 'Motdepasse1',
    username: `Banc Mesure ${n}`,
  });
  await post(base, '/api/organisation/create', { token, name: `Société de mesure ${n}`, phone: '0102030405' });
  const { organisations } = await post(base, '/api/organisation/get', { token });
  const user = await post(base, '/api/verify', { token }).catch(() => ({}));
  return { token, organisationId: organisations[0]._id, user };
}

const DEPARTEMENTS = [
  ['75001', 'Paris', '75', 'Île-de-France'],
  ['69003', 'Lyon', '69', 'Auvergne-Rhône-Alpes'],
  ['29000', 'Quimper', '29', 'Bretagne'],
  ['13001', 'Marseille', '13', "Provence-Alpes-Côte d'Azur"],
];
const hex = (n, width = 24) => n.toString(16).padStart(width, '0');

/** Prospects and opportunities of one organisation, straight into the store, 2,000 per write. */
async function seed(store, organisationId, userId, count, tag) {
  const prospects = store.collection('prospects');
  const opportunities = store.collection('opportunities');
  const now = Date.now();
  const DAY = 86_400_000;
  for (let from = 0; from < count; from += CHUNK) {
    const size = Math.min(CHUNK, count - from);
    const prospectDocs = [];
    const opportunityDocs = [];
    for (let i = from; i < from + size; i += 1) {
      const [codePostale, ville, departement, region] = DEPARTEMENTS[i % DEPARTEMENTS.length];
      const prospectId = `${tag}${hex(i, 23)}`;
      const opportunityId = `${tag === 'a' ? 'c' : 'd'}${hex(i, 23)}`;
      const state = ['TODO', 'TODO', 'WAITING', 'WIN', 'LOOSE'][i % 5];
      prospectDocs.push({
        _id: prospectId,
        organisationId,
        excelId: '',
        userId,
        isPrivate: false,
        rowIndex: i,
        prospect: `Société ${i} Crêperie`,
        enseigne: `Enseigne ${i}`,
        codePostale,
        ville,
        adresseComplete: `${i} rue de la Mesure`,
        site: 'Aucun',
        telephone: '0102030405',
        eMail: `contact${i}@exemple.fr`,
        siret: 'Aucun',
        libelleactivite: i % 3 ? 'Restauration' : 'Commerce',
        trancheSalarier: i % 2 ? '1-9' : '10-19',
        typeEtablissement: 'Aucun',
        departement,
        region,
        value: JSON.stringify({ Note: i % 7 ? 'Client fidèle' : '=1+1', contact: [] }),
        searchText: `societe ${i}`,
        dedupKey: `name:bench${tag}${i}`,
        siretFlagged: false,
        isAccepted: true,
        state,
        opportunityId,
      });
      opportunityDocs.push({
        _id: opportunityId,
        organisationId,
        prospectId,
        excelId: '',
        userId,
        state,
        creationDate: now - i * 60_000,
        stateChangedAt: now - (i % 30) * DAY,
        ...(state === 'WAITING' ? { waitingDate: now + (i % 40) * DAY + 3_600_000 } : {}),
        isPrivate: false,
        fileOwnerId: userId,
        informationContractuelle: '{}',
        history: [{ at: now, by: userId, from: null, to: state }],
      });
    }
    await prospects.insertMany(prospectDocs);
    await opportunities.insertMany(opportunityDocs);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const bareExpressSource = `
const express = require(${JSON.stringify(require.resolve('express'))});
const app = express();
app.get('/healthz', (_req, res) => res.json({ status: 'ok' }));
app.post('/api/echo', express.json(), (req, res) => res.json({ ok: typeof req.body.token === 'string' }));
const server = app.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

async function main() {
  if (!existsSync(apiEntry)) {
    console.error(`API non construite (${path.relative(repo, apiEntry)} absent) : lancez "npx turbo run build --filter=@app/api".`);
    process.exitCode = 1;
    return;
  }
  // 1. Two organisations through the API.
  let port = await freePort();
  let api = start('API', [apiEntry], apiEnv(port));
  let base = `http://127.0.0.1:${port}`;
  await waitForHealth(`${base}/healthz`, api);
  const lister = await owner(base, 1);
  const exporter = await owner(base, 2);
  await stop(api);

  // 2. Opportunities straight into the store while the API is stopped.
  const { openStore } = require(path.join(repo, 'api', 'dist', 'db', 'open-store.js'));
  const store = await openStore({ mongodbUri: undefined, dataDir });
  const users = store.collection('users');
  const userOf = async (n) => (await users.findOne({ email: `bench.opportunites.${n}@exemple.fr` }))._id;
  console.log(`Écriture de ${LIST_SIZE} + ${EXPORT_SIZE} opportunités…`);
  const seedStart = performance.now();
  await seed(store, lister.organisationId, await userOf(1), LIST_SIZE, 'a');
  await seed(store, exporter.organisationId, await userOf(2), EXPORT_SIZE, 'b');
  const seedMs = Math.round(performance.now() - seedStart);
  await store.close();

  // 3. The calls.
  port = await freePort();
  api = start('API', [apiEntry], apiEnv(port));
  base = `http://127.0.0.1:${port}`;
  await waitForHealth(`${base}/healthz`, api);
  const listBody = { token: lister.token, organisationId: lister.organisationId, filter: { state: 'todo' }, startId: 0, endId: 500 };
  const counts = await post(base, '/api/opportunity/getAllCount', { token: lister.token, organisationId: lister.organisationId });
  const firstPage = await post(base, '/api/opportunity/getwithfilter', listBody);
  console.log(`getwithfilter, ${CLIENTS} clients…`);
  const getwithfilter = await measure(`${base}/api/opportunity/getwithfilter`, listBody);

  // Full list at the spec cadence (500 per call, one after the other), server side only.
  const fullListStart = performance.now();
  let startId = 0;
  for (;;) {
    const page = await post(base, '/api/opportunity/getwithfilter', { ...listBody, filter: { state: 'all' }, startId, endId: startId + 500 });
    startId += 500;
    if (page.itsFinish) break;
  }
  const fullListMs = Math.round(performance.now() - fullListStart);

  const exportRuns = [];
  let csvBytes = 0;
  for (let run = 0; run < 3; run += 1) {
    const exportStart = performance.now();
    const { csvString } = await post(base, '/api/opportunity/export/filter', {
      token: exporter.token,
      organisationId: exporter.organisationId,
      filter: { state: 'all' },
      startId: 0,
      endId: Number.MAX_SAFE_INTEGER,
    });
    exportRuns.push(Math.round(performance.now() - exportStart));
    csvBytes = Buffer.byteLength(csvString);
  }
  await stop(api);

  // 4. The bare baseline, same body.
  const barePort = await freePort();
  const bare = start('Express nu', ['-e', bareExpressSource], { PORT: String(barePort), NODE_ENV: 'production' });
  await waitForHealth(`http://127.0.0.1:${barePort}/healthz`, bare);
  console.log(`Express nu, ${CLIENTS} clients…`);
  const bareExpress = await measure(`http://127.0.0.1:${barePort}/api/echo`, listBody);
  await stop(bare);

  const ratio = Number((getwithfilter.requestsPerSec / bareExpress.requestsPerSec).toFixed(3));
  const results = {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? '',
    store: 'sqlite',
    durationS,
    note: 'machine partagée avec d’autres tâches pendant la mesure : chiffres bruités',
    targets: { ratio: 0.5, p99Ms: 50, atClients: CLIENTS, exportMs: 3000 },
    seeded: { listOrganisation: LIST_SIZE, exportOrganisation: EXPORT_SIZE, seedMs },
    counts,
    firstPageSize: firstPage.opportunitys.length,
    getwithfilter: { endpoint: 'POST /api/opportunity/getwithfilter (todo, 0–500)', api: getwithfilter, bareExpress, ratio },
    fullListAtSpecCadenceMs: fullListMs,
    export: { opportunities: EXPORT_SIZE, csvBytes, timesMs: exportRuns, bestMs: Math.min(...exportRuns) },
  };
  console.log(
    `getwithfilter : ${getwithfilter.requestsPerSec} req/s (p50 ${getwithfilter.latencyMs.p50} ms, p99 ${getwithfilter.latencyMs.p99} ms) ; Express nu : ${bareExpress.requestsPerSec} req/s (p50 ${bareExpress.latencyMs.p50} ms, p99 ${bareExpress.latencyMs.p99} ms) ; rapport ${ratio} (objectif ≥ 0,5, p99 ≤ 50 ms)`,
  );
  console.log(`liste complète de ${LIST_SIZE} par pages de 500 : ${fullListMs} ms`);
  console.log(`export de ${EXPORT_SIZE} opportunités : ${exportRuns.join(' / ')} ms (objectif ≤ 3000 ms), ${csvBytes} octets`);
  mkdirSync(path.dirname(resultsFile), { recursive: true });
  writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(cleanUp);
