// The API's start over a big store (issue 21: ≤ 2 s over 1,000,000 prospects and 100,000 opportunities,
// RSS ≤ 300 MB). An organisation is made through the API, then 1,000,000 prospects (100,000 of them
// accepted, each with its opportunity) are written straight into its store while the API is stopped,
// in 20 files; then the built API is started on that DATA_DIR several times, each timed from the spawn
// to the first 200 of GET /healthz (polled every 10 ms), with its memory (VmRSS) at that moment and
// 5 s later (the background work started at start-up has run by then), and its peak (VmHWM):
// - one process (WEB_CONCURRENCY=1), the start every other start-up path goes through;
// - as shipped (WEB_CONCURRENCY unset, one process per core): until the primary logs that every worker
//   listens, with the memory of each process.
// The first start after the seeding is reported apart (it may build what the seeding left to do).
// With --compare <dist folder>, another build is timed in the same run (one process and as shipped,
// alternating with this one); --out <name> writes the results under that name in bench/results.
// The machine's load (`uptime`) is recorded. Prints the figures; writes bench/results/start.json.
// Usage: node bench/start.mjs [--starts 3] [--prospects 1000000] [--opportunities 100000]
//          [--data-dir <dir>]   (an already seeded directory: reused, not removed) [--compare <dist>]
// (the API must be built first)
import { execFileSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hex } from './opportunity-seed.mjs';
import {
  apiBuilt,
  apiEntry,
  apiEnv,
  cleanUp,
  cpuMs,
  freePort,
  memoryMb,
  numberOption,
  openApiStore,
  ownerWithOrganisation,
  pathOption,
  pause,
  repo,
  startNode,
  stop,
  tempDir,
  userIdOf,
} from './support.mjs';

/** `--out <name>`: the results file under bench/results (an A/B run kept apart from start.json). */
const outIndex = process.argv.indexOf('--out');
const resultsFile = path.join(
  repo,
  'bench',
  'results',
  outIndex > 0 ? path.basename(process.argv[outIndex + 1] ?? 'start.json') : 'start.json',
);
const STARTS = numberOption('starts', 3);
const PROSPECTS = numberOption('prospects', 1_000_000);
const OPPORTUNITIES = numberOption('opportunities', 100_000);
const FILES = 20;
const CHUNK = 5_000;
const OWNER = 'bench.demarrage@exemple.fr';
const TARGET = { startMs: 2000, rssMb: 300 };
/** `--compare <dir>`: another build of the API (a dist folder beside api/dist) timed in the same run. */
const compareDir = pathOption('compare', null);

const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();

const DEPARTEMENTS = [
  ['75001', 'Paris', '75', 'Île-de-France', '48.8638/2.3424'],
  ['69003', 'Lyon', '69', 'Auvergne-Rhône-Alpes', '45.7597/4.8422'],
  ['29000', 'Quimper', '29', 'Bretagne', '47.9960/-4.1024'],
  ['13001', 'Marseille', '13', "Provence-Alpes-Côte d'Azur", '43.2999/5.3841'],
];

/** Prospect `i` of file `f`, as an import stores it; the first OPPORTUNITIES are accepted. */
function prospectDoc(i, organisationId, userId, excelId) {
  const [codePostale, ville, departement, region] = DEPARTEMENTS[i % DEPARTEMENTS.length];
  const accepted = i < OPPORTUNITIES;
  const state = ['TODO', 'TODO', 'WAITING', 'WIN', 'LOOSE'][i % 5];
  return {
    _id: `a${hex(i, 23)}`,
    organisationId,
    excelId,
    userId,
    isPrivate: false,
    rowIndex: Math.floor(i / FILES),
    prospect: `Société ${i} Crêperie`,
    enseigne: `Enseigne ${i % 977}`,
    codePostale,
    ville,
    adresseComplete: `${i % 200} rue de la Mesure ${codePostale} ${ville}`,
    site: `https://societe-${i}.fr`,
    telephone: '0102030405',
    eMail: `contact${i}@exemple.fr`,
    siret: String(73282932000074 + i).padStart(14, '0'),
    libelleactivite: i % 3 ? 'Restauration' : 'Commerce',
    trancheSalarier: i % 2 ? '1-9' : '10-19',
    typeEtablissement: 'Aucun',
    departement,
    region,
    value: '{}',
    searchText: `societe ${i} creperie enseigne ${i % 977} ${codePostale} ${ville.toLowerCase()}`,
    dedupKey: `siret:${String(73282932000074 + i).padStart(14, '0')}`,
    latlng: `${DEPARTEMENTS[i % DEPARTEMENTS.length][4]}`,
    latlngPrecision: 'commune',
    siretFlagged: false,
    isAccepted: accepted,
    ...(accepted ? { state, opportunityId: `c${hex(i, 23)}` } : { state: null }),
  };
}

function opportunityDoc(i, organisationId, userId, excelId, now) {
  const state = ['TODO', 'TODO', 'WAITING', 'WIN', 'LOOSE'][i % 5];
  const DAY = 86_400_000;
  return {
    _id: `c${hex(i, 23)}`,
    organisationId,
    prospectId: `a${hex(i, 23)}`,
    excelId,
    userId,
    state,
    creationDate: now - i * 60_000,
    stateChangedAt: now - (i % 30) * DAY,
    ...(state === 'WAITING' ? { waitingDate: now + (i % 40) * DAY + 3_600_000 } : {}),
    isPrivate: false,
    fileOwnerId: userId,
    informationContractuelle: '{}',
    history: [],
  };
}

/** The files (excels) and their rows, straight into the store. */
async function seed(dataDir, organisationId) {
  const store = await openApiStore(dataDir);
  const userId = await userIdOf(store, OWNER);
  const now = Date.now();
  const excelIds = Array.from({ length: FILES }, (_, f) => `b${hex(f, 23)}`);
  const perFile = Math.ceil(PROSPECTS / FILES);
  const accepted = (f) => Math.max(0, Math.ceil((OPPORTUNITIES - f) / FILES));
  await store.collection('prospectFiles').insertMany(
    excelIds.map((_id, f) => ({
      _id,
      organisationId,
      userId,
      username: 'Banc Démarrage',
      name: `Fichier ${f + 1}.csv`,
      isPrivate: false,
      manual: false,
      status: 'ready',
      count: perFile,
      countSelected: accepted(f),
      date: now - f * 86_400_000,
      lastModificationDate: now - f * 86_400_000,
      importStartedAt: now - f * 86_400_000,
      lastActivityAt: now - f * 86_400_000,
      mapping: { prospect: 'Nom', ville: 'Ville', codePostale: 'Code postal', siret: 'SIRET' },
      columns: ['Nom', 'Ville', 'Code postal', 'SIRET'],
      totalRows: perFile,
      duplicates: 'skip',
      options: { keepTitle: true, removeRowsWithout: [] },
      received: perFile,
      imported: perFile,
      duplicatesFound: 0,
      duplicatesSkipped: 0,
      siretFlagged: 0,
      rejected: [],
      rejectedCount: 0,
    })),
  );
  // Positioned at import, as today's imports are (no positioning left for the start to resume).
  await store.collection('prospectPositionings').insertMany(
    excelIds.map((_id) => ({
      _id,
      organisationId,
      status: 'done',
      phase: 'offline',
      cursor: perFile,
      heartbeatAt: now,
      startedAt: now,
      positioned: perFile,
      refined: 0,
    })),
  );
  const prospects = store.collection('prospects');
  const opportunities = store.collection('opportunities');
  for (let from = 0; from < PROSPECTS; from += CHUNK) {
    const to = Math.min(PROSPECTS, from + CHUNK);
    const prospectDocs = [];
    const opportunityDocs = [];
    for (let i = from; i < to; i += 1) {
      const excelId = excelIds[i % FILES];
      prospectDocs.push(prospectDoc(i, organisationId, userId, excelId));
      if (i < OPPORTUNITIES) opportunityDocs.push(opportunityDoc(i, organisationId, userId, excelId, now));
    }
    await prospects.insertMany(prospectDocs);
    if (opportunityDocs.length > 0) await opportunities.insertMany(opportunityDocs);
    if (from % 100_000 === 0) process.stdout.write(`  ${from} / ${PROSPECTS}\r`);
  }
  await store.close();
}

/** Every process of the API: the one started and its children (the cluster's workers). */
function processTree(pid) {
  const pids = [pid];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

const memoryOf = (pid, field) =>
  processTree(pid).map((each) => {
    try {
      return memoryMb(each, field);
    } catch {
      return 0;
    }
  });

/** CPU time (user + system, ms) of a process and its children (the cluster's workers) so far. */
const cpuOfTree = (pid) => cpuMs(pid);

/**
 * One start on `dataDir` of the API at `entry`: ms from spawn to ready, the CPU its processes spent
 * until then (less sensitive than the wall time to a machine shared with other work), memory then
 * and 5 s later.
 */
async function timedStart(dataDir, workers, entry = apiEntry) {
  const port = await freePort();
  const logFile = path.join(dataDir, `start-${Date.now()}.log`);
  const log = openSync(logFile, 'w');
  const started = performance.now();
  const child = startNode(
    'API',
    [entry],
    apiEnv(port, dataDir, { LOG_LEVEL: 'info', WEB_CONCURRENCY: workers === 1 ? '1' : '' }),
    log,
  );
  closeSync(log);
  const expected = workers === 1 ? null : `${workers} processus à l’écoute`;
  let healthyMs = null;
  for (;;) {
    if (child.exitCode !== null) throw new Error('l’API s’est arrêtée pendant le démarrage');
    if (performance.now() - started > 120_000) throw new Error('API pas prête après 120 s');
    if (healthyMs === null) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) healthyMs = performance.now() - started;
      } catch {
        // not listening yet
      }
    }
    if (healthyMs !== null && (!expected || readFileSync(logFile, 'utf8').includes(expected))) break;
    await pause(10);
  }
  const readyMs = Math.round(performance.now() - started);
  const cpuToReadyMs = Math.round(cpuOfTree(child.pid));
  const rssAtReadyMb = memoryOf(child.pid, 'VmRSS');
  await pause(5000);
  const rssAfter5sMb = memoryOf(child.pid, 'VmRSS');
  const peakMb = memoryOf(child.pid, 'VmHWM');
  await stop(child);
  const slowLines = readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((line) => /"level":(40|50)/.test(line));
  return {
    firstHealthzMs: Math.round(healthyMs),
    readyMs,
    cpuToReadyMs,
    rssAtReadyMb,
    rssAfter5sMb,
    peakMb,
    warnings: slowLines.slice(0, 5),
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  if (!apiBuilt()) return;
  const given = pathOption('data-dir', null);
  const dataDir = given ?? tempDir('bench-start-');
  const uptimeBefore = uptime();
  let seedMs = null;
  const marker = path.join(dataDir, 'bench-start-seeded.json');
  if (!existsSync(marker)) {
    mkdirSync(dataDir, { recursive: true });
    const port = await freePort();
    const first = startNode('API', [apiEntry], apiEnv(port, dataDir, { WEB_CONCURRENCY: '1' }));
    const base = `http://127.0.0.1:${port}`;
    const { waitForHealth } = await import('./support.mjs');
    await waitForHealth(`${base}/healthz`, first, 60_000);
    const { organisationId } = await ownerWithOrganisation(base, {
      email: OWNER,
      username: 'Banc Démarrage',
      organisation: 'Société du démarrage',
    });
    await stop(first);
    console.log(`Écriture de ${PROSPECTS} prospects et ${OPPORTUNITIES} opportunités…`);
    const seedStart = performance.now();
    await seed(dataDir, organisationId);
    seedMs = Math.round(performance.now() - seedStart);
    writeFileSync(marker, JSON.stringify({ prospects: PROSPECTS, opportunities: OPPORTUNITIES }));
    console.log(`Données écrites en ${seedMs} ms`);
  }
  const seeded = JSON.parse(readFileSync(marker, 'utf8'));
  const cores = os.availableParallelism();

  console.log('Premier démarrage après l’écriture (1 processus)…');
  const firstStart = await timedStart(dataDir, 1);
  const oneProcess = [];
  const shipped = [];
  const compared = [];
  const comparedShipped = [];
  for (let n = 1; n <= STARTS; n += 1) {
    console.log(`Démarrage ${n}/${STARTS}…`);
    if (compareDir) compared.push(await timedStart(dataDir, 1, path.join(compareDir, 'index.js')));
    oneProcess.push(await timedStart(dataDir, 1));
    // As shipped, the other build then this one, in turn (the start the target is about).
    if (compareDir && cores > 1)
      comparedShipped.push(await timedStart(dataDir, cores, path.join(compareDir, 'index.js')));
    if (cores > 1) shipped.push(await timedStart(dataDir, cores));
  }
  const summaryOf = (runs) =>
    runs.length === 0
      ? null
      : {
          readyMs: median(runs.map((run) => run.readyMs)),
          readyMsEach: runs.map((run) => run.readyMs),
          cpuToReadyMs: median(runs.map((run) => run.cpuToReadyMs)),
          cpuToReadyMsEach: runs.map((run) => run.cpuToReadyMs),
          rssAfter5sMbPerProcessMax: median(runs.map((run) => Math.max(...run.rssAfter5sMb))),
          rssAfter5sMbTotal: median(runs.map((run) => run.rssAfter5sMb.reduce((a, b) => a + b, 0))),
          peakMbPerProcessMax: median(runs.map((run) => Math.max(...run.peakMb))),
        };
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    machineLoad: { uptimeBefore, uptimeAfter: uptime() },
    store: 'sqlite',
    data: { ...seeded, files: FILES, seedMs },
    targets: TARGET,
    firstStartAfterSeeding: firstStart,
    summary: {
      oneProcess: summaryOf(oneProcess),
      shipped: summaryOf(shipped),
      shippedWorkers: cores,
      ...(compareDir
        ? {
            compared: {
              build: path.relative(repo, compareDir),
              oneProcess: summaryOf(compared),
              shipped: summaryOf(comparedShipped),
            },
          }
        : {}),
    },
    starts: { oneProcess, shipped, ...(compareDir ? { compared, comparedShipped } : {}) },
  };
  writeFileSync(resultsFile, `${JSON.stringify(report, null, 2)}\n`);
  console.log('');
  console.log(`Charge : ${uptimeBefore} → ${report.machineLoad.uptimeAfter}`);
  console.log(
    `Premier démarrage : ${firstStart.readyMs} ms, RSS ${firstStart.rssAtReadyMb} → ${firstStart.rssAfter5sMb} Mo`,
  );
  for (const [name, side] of [
    ['1 processus', report.summary.oneProcess],
    [`livrée (${cores} processus)`, report.summary.shipped],
    [`comparée (${compareDir}, 1 processus)`, report.summary.compared?.oneProcess],
    [`comparée (${compareDir}, livrée)`, report.summary.compared?.shipped],
  ])
    if (side)
      console.log(
        `${name} : prête en ${side.readyMs} ms (${side.readyMsEach.join(', ')}), CPU ${side.cpuToReadyMs} ms (${side.cpuToReadyMsEach.join(', ')}), RSS après 5 s ${side.rssAfter5sMbPerProcessMax} Mo par processus (${side.rssAfter5sMbTotal} Mo en tout), pic ${side.peakMbPerProcessMax} Mo`,
      );
  console.log(`Résultats écrits dans ${path.relative(repo, resultsFile)}`);
}

main()
  .catch((error) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exitCode = 1;
  })
  .finally(cleanUp);
