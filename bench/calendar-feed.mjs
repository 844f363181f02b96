// The calendar feed of a member with 5,000 follow-ups, read the way a calendar application reads it
// (GET over HTTP, no session) from the built API on its embedded SQLite store, against a bare Express
// answering a static body of the same size, in one run on the same machine. Target: ≤ 200 ms.
// The member also owns 15,000 opportunities without a date (the feed's query must leave them out).
// The API keeps each built feed until the store's change token moves: the reads after a change of one
// follow-up (built again, unchanged events reused) are measured apart. The server's CPU time counts
// the API's processes (the primary and its cluster workers).
// Prints the figures and their ratio; writes bench/results/calendar-feed.json.
// Usage: node bench/calendar-feed.mjs [--reads 60] [--changes 10] [--cpu-prof <dir>]   (the API must be built first)
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {
  apiBuilt,
  apiEnv,
  apiRequire,
  benchOpportunity,
  benchProspect,
  cleanUp,
  cpuMs,
  freePort,
  numberOption,
  ownerWithOrganisation,
  pathOption,
  post,
  quantile,
  repo,
  startNode,
  startSeededApi,
  stop,
  tempDir,
  userIdOf,
  waitForHealth,
} from './support.mjs';

const resultsFile = path.join(repo, 'bench', 'results', 'calendar-feed.json');

const FOLLOW_UPS = 5000;
/** Of the follow-ups, this many are renewals (all-day events) instead of WAITING dates. */
const RENEWALS = 500;
const UNDATED = 15_000;
const TARGET_MS = 200;
const READS = numberOption('reads', 60);
/** Reads right after a change of one follow-up (the feed built again, its unchanged events reused). */
const CHANGES = numberOption('changes', 10);
/** `--cpu-prof <dir>`: a CPU profile of the API while it serves the feed. */
const cpuProfDir = pathOption('cpu-prof', 'cpu-profiles');
/** Below the feed's limit of 30 reads per window: a new address every this many reads. */
const READS_PER_ADDRESS = 25;
const CHUNK = 2000;
const DAY = 86_400_000;

const dataDir = tempDir('bench-calendar-');

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

/** The member's opportunities and their prospects, straight into the store (the API stopped). */
async function seed(store, organisationId, userId) {
  const prospects = store.collection('prospects');
  const opportunities = store.collection('opportunities');
  const now = Date.now();
  const total = FOLLOW_UPS + UNDATED;
  for (let from = 0; from < total; from += CHUNK) {
    const prospectDocs = [];
    const opportunityDocs = [];
    for (let i = from; i < Math.min(total, from + CHUNK); i += 1) {
      const dated = i < FOLLOW_UPS;
      const renewal = dated && i < RENEWALS;
      const state = renewal ? 'WIN' : dated ? 'WAITING' : ['TODO', 'WIN', 'LOOSE'][i % 3];
      prospectDocs.push(
        benchProspect(i, organisationId, userId, {
          prospect: `Société ${i}, Crêperie « Chez Zoé »`,
          codePostale: '69003',
          ville: 'Lyon',
          adresseComplete: `${i} avenue du Maréchal-de-Lattre-de-Tassigny, bâtiment B; 2e étage`,
          telephone: '04 78 00 00 00',
          departement: '69',
          region: 'Auvergne-Rhône-Alpes',
          state,
        }),
      );
      opportunityDocs.push(
        benchOpportunity(i, organisationId, userId, state, now, {
          ...(state === 'WAITING' ? { waitingDate: now + (i % 60) * DAY + (i % 20) * 1_800_000 } : {}),
          ...(renewal ? { renewalAt: now + (10 + (i % 200)) * DAY, renewalEndDate: '2027-06-30' } : {}),
        }),
      );
    }
    await prospects.insertMany(prospectDocs);
    await opportunities.insertMany(opportunityDocs);
  }
}

const bareExpressSource = `
const express = require(${JSON.stringify(apiRequire.resolve('express'))});
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
  if (!apiBuilt()) return;
  const email = 'bench.agenda@exemple.fr';
  // 1. A member with a licence (the owner, on the trial), through the API; 2. 5,000 follow-ups and
  // 15,000 undated opportunities, written while the API is stopped; 3. the API again, on that store.
  const api = await startSeededApi({
    dataDir,
    env: (port) => apiEnv(port, dataDir, { PUBLIC_URL: 'https://prospection.exemple.fr' }),
    accounts: (base) =>
      ownerWithOrganisation(base, { email, username: 'Banc Agenda', organisation: 'Société de mesure' }),
    seed: async (store, { organisationId }) => {
      console.log(`Écriture de ${FOLLOW_UPS} relances et ${UNDATED} opportunités sans date…`);
      await seed(store, organisationId, await userIdOf(store, email));
    },
    cpuProfDir,
  });
  // The feed read as a calendar application reads it.
  const { base } = api;
  const { token, organisationId } = api.accounts;
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

  // The API runs one process per core: each builds the feed once, then serves it until a change.
  console.log(`Flux de ${events} événements (${first.bytes} octets), ${READS} lectures…`);
  const coldMs = first.ms;
  const feedTimes = [];
  const gzipTimes = [];
  let gzipBytes = 0;
  const apiCpuBefore = cpuMs(api.child.pid);
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
  const apiCpuPerRead = (cpuMs(api.child.pid) - apiCpuBefore) / (2 * READS);

  // 4. Reads right after a change of one follow-up's date (through the API): built again.
  console.log(`${CHANGES} lectures juste après le changement d’une relance…`);
  const changedTimes = [];
  url = await address();
  const changeCpuBefore = cpuMs(api.child.pid);
  for (let change = 0; change < CHANGES; change += 1) {
    if (change > 0 && change % READS_PER_ADDRESS === 0) url = await address();
    const opportunityId = `c${(RENEWALS + change).toString(16).padStart(23, '0')}`;
    const date = Date.now() + (3 + change) * DAY;
    await post(base, '/api/opportunity/setWaiting', { ...caller, opportunityId, date });
    const res = await get(url);
    if (res.status !== 200) throw new Error(`flux : ${res.status}`);
    const moved = new Date(date).toISOString().replace(/[-:]/g, '').slice(0, 15);
    if (!res.body.toString('utf8').includes(`DTSTART:${moved}`))
      throw new Error('le flux lu après le changement ne le montre pas');
    changedTimes.push(res.ms);
  }
  const changeCpuPerRead = (cpuMs(api.child.pid) - changeCpuBefore) / CHANGES;
  await stop(api.child);

  // 5. The baseline: the same express, the same bytes from memory.
  const barePort = await freePort();
  const bare = startNode('Express nu', ['-e', bareExpressSource], {
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
  const afterChange = summary(changedTimes);
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
    afterOneChangeMs: afterChange,
    bareExpressStaticMs: baseline,
    ratioP50: Number((feed.p50 / baseline.p50).toFixed(1)),
    serverCpuMsPerRead: {
      api: Number(apiCpuPerRead.toFixed(1)),
      apiAfterOneChange: Number(changeCpuPerRead.toFixed(1)),
      bareExpress: Number(bareCpuPerRead.toFixed(1)),
    },
    withinTarget: feed.p95 <= TARGET_MS,
    withinTargetAfterOneChange: afterChange.p95 <= TARGET_MS,
  };
  writeFileSync(resultsFile, `${JSON.stringify(result, null, 2)}\n`);
  console.log(
    `Flux : p50 ${feed.p50} ms, p95 ${feed.p95} ms, max ${feed.max} ms (gzip : p50 ${feedGzip.p50} ms, ${gzipBytes} octets)\n` +
      `Juste après un changement : p50 ${afterChange.p50} ms, p95 ${afterChange.p95} ms\n` +
      `Première lecture après le démarrage : ${coldMs.toFixed(0)} ms\n` +
      `Express nu, même corps statique : p50 ${baseline.p50} ms, p95 ${baseline.p95} ms\n` +
      `CPU du serveur par lecture : API ${apiCpuPerRead.toFixed(1)} ms (${changeCpuPerRead.toFixed(1)} ms après un changement), Express nu ${bareCpuPerRead.toFixed(1)} ms\n` +
      `Rapport p50 : ${result.ratioP50} ; objectif ≤ ${TARGET_MS} ms : ${result.withinTarget ? 'tenu' : 'NON tenu'}, après un changement : ${result.withinTargetAfterOneChange ? 'tenu' : 'NON tenu'} (charge : ${result.uptime})`,
  );
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(cleanUp);
