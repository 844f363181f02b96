// The calendar feed of a member with 5,000 follow-ups, read the way a calendar application reads it
// (GET over HTTP, no session) from the built API on its embedded SQLite store, against a bare Express
// answering a static body of the same size, in one run on the same machine. Target: ≤ 200 ms.
// The member also owns 15,000 opportunities without a date (the feed's query must leave them out).
// Prints the figures and their ratio; writes bench/results/calendar-feed.json.
// Usage: node bench/calendar-feed.mjs [--reads 60]   (the API must be built first)
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, numberOption, pathOption, post, quantile } from './support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');
const require = createRequire(path.join(repo, 'api', 'package.json'));
const apiEntry = path.join(repo, 'api', 'dist', 'index.js');
const resultsFile = path.join(here, 'results', 'calendar-feed.json');

const FOLLOW_UPS = 5000;
/** Of the follow-ups, this many are renewals (all-day events) instead of WAITING dates. */
const RENEWALS = 500;
const UNDATED = 15_000;
const TARGET_MS = 200;
const READS = numberOption('reads', 60);
/** `--cpu-prof <dir>`: a CPU profile of the API while it serves the feed. */
const cpuProfDir = pathOption('cpu-prof', 'cpu-profiles');
/** Below the feed's limit of 30 reads per window: a new address every this many reads. */
const READS_PER_ADDRESS = 25;
const CHUNK = 2000;

const children = new Set();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-calendar-'));

function cleanUp() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
process.on('SIGINT', () => {
  cleanUp();
  process.exit(130);
});

function start(label, args, env) {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
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

async function waitForHealth(url, child, timeoutMs = 30_000) {
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

const apiEnv = (port) => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: 'https://prospection.exemple.fr',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  MONGODB_URI: '',
  SMTP_URL: '',
  PASSWORD_HASH_COST: '1024',
});

/** One GET, the whole body read; `gzip` asks for it as Google's reader does. */
function get(url, gzip = false) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(url, { headers: gzip ? { 'accept-encoding': 'gzip' } : {} }, (res) => {
      let bytes = 0;
      const chunks = [];
      res.on('data', (chunk) => {
        bytes += chunk.length;
        chunks.push(chunk);
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          ms: performance.now() - started,
          bytes,
          body: Buffer.concat(chunks),
        }),
      );
    });
    req.on('error', reject);
  });
}

function summary(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const round = (value) => Number(value.toFixed(1));
  return {
    reads: sorted.length,
    p50: round(quantile(sorted, 0.5)),
    p95: round(quantile(sorted, 0.95)),
    max: round(sorted.at(-1) ?? 0),
  };
}

/** CPU time (user + system, ms) a process has used: per read, it stays meaningful on a busy machine. */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

const hex = (n, width = 23) => n.toString(16).padStart(width, '0');

/** The member's opportunities and their prospects, straight into the store (the API stopped). */
async function seed(organisationId, userId) {
  const { openStore } = require(path.join(repo, 'api', 'dist', 'db', 'open-store.js'));
  const store = await openStore({ mongodbUri: undefined, dataDir });
  const prospects = store.collection('prospects');
  const opportunities = store.collection('opportunities');
  const now = Date.now();
  const DAY = 86_400_000;
  const total = FOLLOW_UPS + UNDATED;
  for (let from = 0; from < total; from += CHUNK) {
    const prospectDocs = [];
    const opportunityDocs = [];
    for (let i = from; i < Math.min(total, from + CHUNK); i += 1) {
      const dated = i < FOLLOW_UPS;
      const renewal = dated && i < RENEWALS;
      const state = renewal ? 'WIN' : dated ? 'WAITING' : ['TODO', 'WIN', 'LOOSE'][i % 3];
      const prospectId = `a${hex(i)}`;
      const opportunityId = `c${hex(i)}`;
      prospectDocs.push({
        _id: prospectId,
        organisationId,
        excelId: '',
        userId,
        isPrivate: false,
        rowIndex: i,
        prospect: `Société ${i}, Crêperie « Chez Zoé »`,
        enseigne: `Enseigne ${i}`,
        codePostale: '69003',
        ville: 'Lyon',
        adresseComplete: `${i} avenue du Maréchal-de-Lattre-de-Tassigny, bâtiment B; 2e étage`,
        site: 'Aucun',
        telephone: '04 78 00 00 00',
        eMail: `contact${i}@exemple.fr`,
        siret: 'Aucun',
        libelleactivite: 'Restauration',
        trancheSalarier: '1-9',
        typeEtablissement: 'Aucun',
        departement: '69',
        region: 'Auvergne-Rhône-Alpes',
        value: '{}',
        searchText: `societe ${i}`,
        dedupKey: `name:bench${i}`,
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
        stateChangedAt: now - DAY,
        ...(state === 'WAITING' && dated ? { waitingDate: now + (i % 60) * DAY + (i % 20) * 1_800_000 } : {}),
        ...(renewal ? { renewalAt: now + (10 + (i % 200)) * DAY, renewalEndDate: '2027-06-30' } : {}),
        isPrivate: false,
        fileOwnerId: userId,
        informationContractuelle: '{}',
        history: [{ at: now, by: userId, from: null, to: state }],
      });
    }
    await prospects.insertMany(prospectDocs);
    await opportunities.insertMany(opportunityDocs);
  }
  await store.close();
}

const bareExpressSource = `
const express = require(${JSON.stringify(require.resolve('express'))});
const body = require('node:fs').readFileSync(process.env.BODY_FILE);
const app = express();
app.get('/healthz', (_req, res) => res.json({ status: 'ok' }));
app.get('/feed.ics', (_req, res) => {
  res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
  res.setHeader('Content-Length', body.length);
  res.end(body);
});
const server = app.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

async function main() {
  if (!existsSync(apiEntry)) {
    console.error(
      `API non construite (${path.relative(repo, apiEntry)} absent) : lancez "npm run build:apps".`,
    );
    process.exitCode = 1;
    return;
  }
  // 1. A member with a licence (the owner, on the trial), through the API.
  let port = await freePort();
  let api = start('API', [apiEntry], apiEnv(port));
  let base = `http://127.0.0.1:${port}`;
  await waitForHealth(`${base}/healthz`, api);
  const email = 'bench.agenda@exemple.fr';
  const { token } = await post(base, '/api/register', {
    email,
    password: 'Motdepasse1',
    username: 'Banc Agenda',
  });
  await post(base, '/api/organisation/create', { token, name: 'Société de mesure', phone: '0102030405' });
  const { organisations } = await post(base, '/api/organisation/get', { token });
  const organisationId = organisations[0]._id;
  await stop(api);

  // 2. 5,000 follow-ups and 15,000 undated opportunities, written while the API is stopped.
  const { openStore } = require(path.join(repo, 'api', 'dist', 'db', 'open-store.js'));
  const users = await openStore({ mongodbUri: undefined, dataDir });
  const userId = (await users.collection('users').findOne({ email }))._id;
  await users.close();
  console.log(`Écriture de ${FOLLOW_UPS} relances et ${UNDATED} opportunités sans date…`);
  await seed(organisationId, userId);

  // 3. The API again, on that store; the feed read as a calendar application reads it.
  port = await freePort();
  const profile = cpuProfDir ? ['--cpu-prof', '--cpu-prof-dir', cpuProfDir] : [];
  api = start('API', [...profile, apiEntry], apiEnv(port));
  base = `http://127.0.0.1:${port}`;
  await waitForHealth(`${base}/healthz`, api);
  const caller = { token, organisationId };
  const address = async () => {
    const { url } = await post(base, '/api/calendar/regenerate', caller);
    return `${base}${new URL(url).pathname}`;
  };
  let url = await address();
  const first = await get(url);
  if (first.status !== 200) throw new Error(`flux : ${first.status} ${first.body.toString('utf8')}`);
  const text = first.body.toString('utf8');
  const events = text.split('BEGIN:VEVENT').length - 1;
  if (events !== FOLLOW_UPS) throw new Error(`${events} événements au lieu de ${FOLLOW_UPS}`);
  const bodyFile = path.join(dataDir, 'feed.ics');
  writeFileSync(bodyFile, first.body);

  console.log(`Flux de ${events} événements (${first.bytes} octets), ${READS} lectures…`);
  // The first read after a start writes every event; later reads reuse those unchanged (EventBlocks).
  const coldMs = first.ms;
  const feedTimes = [];
  const gzipTimes = [];
  let gzipBytes = 0;
  const apiCpuBefore = cpuMs(api.pid);
  for (let read = 0; read < READS; read += 1) {
    if (read > 0 && read % Math.floor(READS_PER_ADDRESS / 2) === 0) url = await address();
    const plain = await get(url);
    const gzip = await get(url, true);
    if (plain.status !== 200 || gzip.status !== 200)
      throw new Error(`flux : ${plain.status} / ${gzip.status}`);
    feedTimes.push(plain.ms);
    gzipTimes.push(gzip.ms);
    gzipBytes = gzip.bytes;
  }
  // Includes the regenerate calls (one per dozen reads): a slight over-count.
  const apiCpuPerRead = (cpuMs(api.pid) - apiCpuBefore) / (2 * READS);
  await stop(api);

  // 4. The baseline: the same express, the same bytes from memory.
  const barePort = await freePort();
  const bare = start('Express nu', ['-e', bareExpressSource], {
    PORT: String(barePort),
    BODY_FILE: bodyFile,
    NODE_ENV: 'production',
  });
  await waitForHealth(`http://127.0.0.1:${barePort}/healthz`, bare);
  const staticTimes = [];
  for (let read = 0; read < 5; read += 1) await get(`http://127.0.0.1:${barePort}/feed.ics`);
  const bareCpuBefore = cpuMs(bare.pid);
  for (let read = 0; read < READS; read += 1) {
    const res = await get(`http://127.0.0.1:${barePort}/feed.ics`);
    staticTimes.push(res.ms);
  }
  const bareCpuPerRead = (cpuMs(bare.pid) - bareCpuBefore) / READS;
  await stop(bare);

  const feed = summary(feedTimes);
  const feedGzip = summary(gzipTimes);
  const baseline = summary(staticTimes);
  const result = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    uptime: readFileSync('/proc/loadavg', 'utf8').trim(),
    note: 'Machine partagée avec d’autres sessions : les chiffres absolus sont bruités, le rapport au témoin mesuré dans la même exécution compte.',
    followUps: FOLLOW_UPS,
    renewals: RENEWALS,
    undatedOpportunitiesOfTheMember: UNDATED,
    events,
    bytes: first.bytes,
    gzipBytes,
    targetMs: TARGET_MS,
    firstReadAfterStartMs: Number(coldMs.toFixed(1)),
    feedMs: feed,
    feedGzipMs: feedGzip,
    bareExpressStaticMs: baseline,
    ratioP50: Number((feed.p50 / baseline.p50).toFixed(1)),
    serverCpuMsPerRead: {
      api: Number(apiCpuPerRead.toFixed(1)),
      bareExpress: Number(bareCpuPerRead.toFixed(1)),
    },
    withinTarget: feed.p95 <= TARGET_MS,
  };
  writeFileSync(resultsFile, `${JSON.stringify(result, null, 2)}\n`);
  console.log(
    `Flux : p50 ${feed.p50} ms, p95 ${feed.p95} ms, max ${feed.max} ms (gzip : p50 ${feedGzip.p50} ms, ${gzipBytes} octets)\n` +
      `Première lecture après le démarrage : ${coldMs.toFixed(0)} ms\n` +
      `Express nu, même corps statique : p50 ${baseline.p50} ms, p95 ${baseline.p95} ms\n` +
      `CPU du serveur par lecture : API ${apiCpuPerRead.toFixed(1)} ms, Express nu ${bareCpuPerRead.toFixed(1)} ms\n` +
      `Rapport p50 : ${result.ratioP50} ; objectif ≤ ${TARGET_MS} ms : ${result.withinTarget ? 'tenu' : 'NON tenu'} (charge : ${result.uptime})`,
  );
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(cleanUp);
