// Opportunities at scale, against the built API (api/dist, embedded SQLite store):
// - POST /api/opportunity/getwithfilter (first page of 500 TODO among 20,000 opportunities of one
//   organisation) with autocannon at 50 clients, against a bare Express app answering the same
//   request body with the same 500-opportunity page JSON held in memory (express.json + res.json),
//   in the same run: the ratio measures our overhead over producing that payload, not its size.
//   Three runs of the API: without Accept-Encoding, with Chromium's (the API answers gzip), and with
//   Chromium's while a colleague changes an opportunity's state 10 times a second (every change
//   makes the kept pages be built again);
// - the full 20,000 list at the spec cadence from a Node client: 500 per call, the next call 50 ms
//   after each answer, until itsFinish;
// - /api/opportunity/export/filter over 100,000 opportunities of another organisation, after the
//   counts and first page of its list (the export button sits on the loaded list), timed on
//   loopback and by the server's own Server-Timing (the time to build the file).
// The machine is shared: next to wall-clock figures we record the server's CPU time per request
// (utime + stime from /proc/<pid>/stat), which stays meaningful when other work competes for the CPU.
// Seeding: users and organisations through the API; prospects and opportunities written straight
// into the store through the built collection interface (chunks of 2,000) while the API is stopped.
// With --browser, the 20,000 list is also loaded, searched, filtered and scrolled in Chromium
// (opportunities-browser.mjs, which also runs alone) → bench/results/opportunities-browser.json.
// Usage: node bench/opportunities.mjs [--duration 5] [--cpu-prof <dir>] [--browser]
//   (after npx turbo run build --filter=@app/api; --cpu-prof runs the API under node --cpu-prof;
//   --browser needs the built shell and remotes: npm run build)
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import {
  apiEntry,
  BROWSER_ENCODINGS,
  CADENCE_MS,
  cleanUp,
  dataDirectory,
  hex,
  fullList,
  newDataDir,
  PAGE,
  seededApi,
  start,
  stop,
  waitForHealth,
  withCpu,
} from './opportunity-seed.mjs';
import { freePort, numberOption, pathOption, post } from './support.mjs';
// lighthouse.mjs and load.mjs take the set-up from here too.
export {
  apiEnv,
  cleanUp,
  cpuMs,
  fullList,
  newDataDir,
  saveRound,
  seededApi,
  start,
  stop,
  waitForHealth,
} from './opportunity-seed.mjs';
export { freePort, post } from './support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');
const resultsFile = path.join(here, 'results', 'opportunities.json');
const require = createRequire(path.join(repo, 'api', 'package.json'));

const durationS = numberOption('duration', 5);
const withBrowser = process.argv.includes('--browser');
const cpuProfDir = pathOption('cpu-prof', 'cpu-profiles');
const CLIENTS = 50;
const LIST_SIZE = 20_000;
const EXPORT_SIZE = 100_000;

async function measure(url, body, child, headers = {}) {
  const request = {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  };
  await autocannon({ url, connections: CLIENTS, duration: 1, ...request });
  const { result, serverCpuMs } = await withCpu(child, () =>
    autocannon({ url, connections: CLIENTS, duration: durationS, ...request }),
  );
  return {
    requestsPerSec: Math.round(result.requests.average),
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    requests: result.requests.total,
    bytesPerRequest:
      result.requests.total === 0 ? 0 : Math.round(result.throughput.total / result.requests.total),
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    serverCpuMsPerRequest:
      serverCpuMs === null || result.requests.total === 0
        ? null
        : Number((serverCpuMs / result.requests.total).toFixed(3)),
  };
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** State changes per second made by a colleague while the list is read (each one moves the list). */
const WRITES_PER_S = 10;

/**
 * Runs `work` while one opportunity of the list's organisation (a WIN one, off the measured TODO
 * page) goes WIN → LOOSE → WIN… every 1/WRITES_PER_S s: every change is a new list version, so
 * the pages kept whole are built again (page-replies.ts).
 */
async function whileWriting(base, who, work) {
  const opportunityId = `c${hex(3, 23)}`;
  let writing = true;
  let writes = 0;
  const writer = (async () => {
    while (writing) {
      const path = writes % 2 === 0 ? '/api/opportunity/setLoose' : '/api/opportunity/setWin';
      await post(base, path, { token: who.token, organisationId: who.organisationId, opportunityId });
      writes += 1;
      await pause(1000 / WRITES_PER_S);
    }
  })();
  const result = await work();
  writing = false;
  await writer;
  return { ...result, writes };
}

const bareExpressSource = `
const express = require(${JSON.stringify(require.resolve('express'))});
const page = JSON.parse(require('node:fs').readFileSync(process.env.PAGE_FILE, 'utf8'));
const app = express();
app.get('/healthz', (_req, res) => res.json({ status: 'ok' }));
app.post('/api/opportunity/getwithfilter', express.json(), (req, res) =>
  typeof req.body.token === 'string' ? res.json(page) : res.status(400).json({}),
);
const server = app.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

async function main() {
  if (!existsSync(apiEntry)) {
    console.error(
      `API non construite (${path.relative(repo, apiEntry)} absent) : lancez "npx turbo run build --filter=@app/api".`,
    );
    process.exitCode = 1;
    return;
  }
  newDataDir();
  const profile = cpuProfDir ? ['--cpu-prof', '--cpu-prof-dir', cpuProfDir] : [];
  const { api, base, lister, exporter, seedMs } = await seededApi({
    listSize: LIST_SIZE,
    exportSize: EXPORT_SIZE,
    nodeArgs: profile,
  });
  const listBody = {
    token: lister.token,
    organisationId: lister.organisationId,
    filter: { state: 'todo' },
    startId: 0,
    endId: PAGE,
  };
  const counts = await post(base, '/api/opportunity/getAllCount', {
    token: lister.token,
    organisationId: lister.organisationId,
  });
  const firstPage = await post(base, '/api/opportunity/getwithfilter', listBody);
  const listUrl = `${base}/api/opportunity/getwithfilter`;
  console.log(`getwithfilter, ${CLIENTS} clients…`);
  const getwithfilter = await measure(listUrl, listBody, api);
  console.log(`getwithfilter, ${CLIENTS} clients, en-têtes de Chromium (gzip accepté)…`);
  const getwithfilterGzip = await measure(listUrl, listBody, api, BROWSER_ENCODINGS);
  console.log(
    `getwithfilter, ${CLIENTS} clients, gzip accepté, ${WRITES_PER_S} changements d’état par seconde…`,
  );
  const getwithfilterWrites = await whileWriting(base, lister, () =>
    measure(listUrl, listBody, api, BROWSER_ENCODINGS),
  );

  console.log(`liste complète (${PAGE} par appel, ${CADENCE_MS} ms entre deux)…`);
  const fullListBody = { ...listBody, filter: { state: 'all' } };
  await fullList(base, fullListBody);
  const fullListRuns = [];
  for (let run = 0; run < 3; run += 1) {
    const { result, serverCpuMs } = await withCpu(api, () => fullList(base, fullListBody));
    fullListRuns.push({ ...result, serverCpuMs });
  }

  // The export button sits on the loaded list: the screen has asked for the counts and the first
  // page (which load the organisation's 100,000 keys into the list index) before it can be pressed.
  const exporterBody = { token: exporter.token, organisationId: exporter.organisationId };
  const listLoadStart = performance.now();
  await post(base, '/api/opportunity/getAllCount', exporterBody);
  await post(base, '/api/opportunity/getwithfilter', {
    ...exporterBody,
    filter: { state: 'all' },
    startId: 0,
    endId: PAGE,
  });
  const exportListLoadMs = Math.round(performance.now() - listLoadStart);
  const exportRuns = [];
  let csvBytes = 0;
  for (let run = 0; run < 3; run += 1) {
    const exportStart = performance.now();
    let serverMs;
    const { result, serverCpuMs } = await withCpu(api, async () => {
      const res = await fetch(`${base}/api/opportunity/export/filter`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          token: exporter.token,
          organisationId: exporter.organisationId,
          filter: { state: 'all' },
          startId: 0,
          endId: Number.MAX_SAFE_INTEGER,
        }),
      });
      // The server's own time to build the file (Server-Timing), apart from sending 28 MB.
      serverMs = Number(/dur=(\d+)/.exec(res.headers.get('server-timing') ?? '')?.[1]);
      return res.json();
    });
    exportRuns.push({ ms: Math.round(performance.now() - exportStart), serverMs, serverCpuMs });
    csvBytes = Buffer.byteLength(result.csvString);
  }

  let browser;
  if (withBrowser) {
    const { measureBrowserList, writeBrowserResults } = await import('./opportunities-browser.mjs');
    console.log(`Chromium : liste de ${LIST_SIZE}, recherche, filtre, défilement…`);
    browser = await measureBrowserList(base, { ...lister, expected: LIST_SIZE, api });
    writeBrowserResults(browser);
  }
  await stop(api);

  // 4. The bare baseline: same body, same page.
  const pageFile = path.join(dataDirectory(), 'page.json');
  writeFileSync(pageFile, JSON.stringify(firstPage));
  const barePort = await freePort();
  const bare = start('Express nu', ['-e', bareExpressSource], {
    PORT: String(barePort),
    NODE_ENV: 'production',
    PAGE_FILE: pageFile,
  });
  await waitForHealth(`http://127.0.0.1:${barePort}/healthz`, bare);
  console.log(`Express nu, ${CLIENTS} clients…`);
  const bareExpress = await measure(
    `http://127.0.0.1:${barePort}/api/opportunity/getwithfilter`,
    listBody,
    bare,
  );
  await stop(bare);

  const ratioTo = (run) => Number((run.requestsPerSec / bareExpress.requestsPerSec).toFixed(3));
  const ratio = ratioTo(getwithfilter);
  const ratioGzip = ratioTo(getwithfilterGzip);
  const ratioWrites = ratioTo(getwithfilterWrites);
  const best = (runs, key) => Math.min(...runs.map((run) => run[key]));
  const results = {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? '',
    loadAverage: os.loadavg().map((load) => Number(load.toFixed(2))),
    store: 'sqlite',
    durationS,
    note: 'machine partagée avec d’autres tâches pendant la mesure : chiffres bruités ; le temps CPU du serveur par requête reste comparable',
    targets: { ratio: 0.5, p99Ms: 50, atClients: CLIENTS, fullListMs: 3000, exportMs: 3000 },
    seeded: { listOrganisation: LIST_SIZE, exportOrganisation: EXPORT_SIZE, seedMs },
    counts,
    firstPageSize: firstPage.opportunitys.length,
    pageBytes: Buffer.byteLength(JSON.stringify(firstPage)),
    getwithfilter: {
      endpoint: 'POST /api/opportunity/getwithfilter (todo, 0–500)',
      baseline: 'Express nu : même corps (express.json), même page de 500 opportunités en mémoire (res.json)',
      api: getwithfilter,
      bareExpress,
      ratio,
      browserHeaders: {
        note: 'mêmes appels avec l’Accept-Encoding de Chromium : l’API répond en gzip ; Express nu ne compresse pas',
        api: getwithfilterGzip,
        ratio: ratioGzip,
      },
      whileWriting: {
        note: `gzip accepté, et ${WRITES_PER_S} changements d’état par seconde dans la même organisation pendant la mesure (chaque changement reconstruit les pages)`,
        api: getwithfilterWrites,
        ratio: ratioWrites,
      },
    },
    fullList: {
      filter: 'all',
      pageSize: PAGE,
      pauseMs: CADENCE_MS,
      runs: fullListRuns,
      bestMs: best(fullListRuns, 'ms'),
    },
    export: {
      opportunities: EXPORT_SIZE,
      csvBytes,
      runs: exportRuns,
      bestMs: best(exportRuns, 'ms'),
      bestServerMs: best(exportRuns, 'serverMs'),
      listLoadedFirstMs: exportListLoadMs,
      listLoadedFirst:
        'avant les exports, comme l’écran : compteurs et première page de la liste (les 100 000 clés lues une fois par l’index des listes)',
    },
  };
  console.log(
    `getwithfilter : ${getwithfilter.requestsPerSec} req/s (p50 ${getwithfilter.latencyMs.p50} ms, p99 ${getwithfilter.latencyMs.p99} ms, ${getwithfilter.serverCpuMsPerRequest} ms CPU/req) ; Express nu : ${bareExpress.requestsPerSec} req/s (p50 ${bareExpress.latencyMs.p50} ms, p99 ${bareExpress.latencyMs.p99} ms, ${bareExpress.serverCpuMsPerRequest} ms CPU/req) ; rapport ${ratio} (objectif ≥ 0,5, p99 ≤ 50 ms)`,
  );
  for (const [label, run, runRatio] of [
    ['gzip accepté', getwithfilterGzip, ratioGzip],
    [`gzip accepté, ${WRITES_PER_S} écritures/s`, getwithfilterWrites, ratioWrites],
  ])
    console.log(
      `getwithfilter (${label}) : ${run.requestsPerSec} req/s (p50 ${run.latencyMs.p50} ms, p99 ${run.latencyMs.p99} ms, ${run.bytesPerRequest} octets/réponse, ${run.serverCpuMsPerRequest} ms CPU/req) ; rapport ${runRatio}`,
    );
  console.log(
    `liste complète de ${LIST_SIZE} (${PAGE} par appel, ${CADENCE_MS} ms entre deux) : ${fullListRuns.map((run) => `${run.ms} ms (CPU serveur ${run.serverCpuMs} ms)`).join(' / ')} (objectif ≤ 3000 ms)`,
  );
  console.log(
    `export de ${EXPORT_SIZE} opportunités (liste chargée d’abord comme à l’écran, ${exportListLoadMs} ms) : ${exportRuns.map((run) => `${run.serverMs} ms côté serveur, ${run.ms} ms reçu (CPU serveur ${run.serverCpuMs} ms)`).join(' / ')} (objectif ≤ 3000 ms de temps serveur), ${csvBytes} octets`,
  );
  mkdirSync(path.dirname(resultsFile), { recursive: true });
  writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
  const failures = [getwithfilter, getwithfilterGzip, getwithfilterWrites, bareExpress].reduce(
    (sum, run) => sum + run.errors + run.timeouts + run.non2xx,
    0,
  );
  if (failures > 0) {
    console.error(`Attention : ${failures} requêtes en échec ou hors délai pendant la mesure.`);
    process.exitCode = 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main()
    .catch((error) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(cleanUp);
}
