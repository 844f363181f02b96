// The prospect import at 10k, 100k and 1M rows, on the built API over the embedded store:
// - in Chromium (the real import modal): the time to parse the file, and from file pick to a ready
//   file in the list (`--browser`, needs the built shell and remotes);
// - over HTTP with the calls the modal makes (start, 2,000-row batches, finish): upload + store time
//   and the server's rows/s, as a ratio to the raw insertMany rate of the same store in the same run
//   (a table with every index the API's store keeps on the prospects; the ratio to the table with
//   ProspectsRepository's indexes alone, the baseline before 28 Nov 2026, is printed beside it);
// - the API's peak memory (VmHWM) during the import;
// - p99 of a concurrent list call (/api/prospect/get/all) while 100k rows go in, beside the same
//   call's latency with no import running (same API, same store, just before);
// - each of these twice in one run: batches prepared by worker threads (IMPORT_WORKERS as shipped)
//   and on the main thread (IMPORT_WORKERS=0), unless --variants names some ('threads', 'mainThread',
//   'oneProcess' = WEB_CONCURRENCY=1, 'oneThread' and 'oneProcessOneThread' = IMPORT_WORKERS=1);
// - the start-up time and memory of the API over a store holding 1M prospects.
// Prints the figures; writes bench/results/import.json.
// - with --browser, the floor of the same run: a bare script decoding (Windows-1252), splitting (';',
//   quoted cells) and inserting the same file into SQLite; the ready file's ratio to it.
// Rows: real-looking (real communes, bench/communes-file.mjs) unless --data uniform; batches in the
// modal's compact form, two on their way at once, unless --form rows (one object per row, one at a time).
// Usage: node bench/import.mjs [--sizes 10000,100000,1000000] [--browser] [--data communes|uniform]
//   [--form cells|rows] [--variants threads,mainThread] [--cpu-prof <dir>]
//   [--compare <another api/dist>] [--rounds n] [--no-list] [--in-flight n] [--spread]
//   (build first: npm run build; --cpu-prof runs the API under node --cpu-prof; --compare runs each
//   variant on that build too, right after this one's, each with its own raw insertMany measured just
//   after it (an A/B in the same minutes: the machine is shared); --rounds repeats the whole; --no-list
//   skips the list calls during a second import)
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { bareImport, communeCells } from './communes-file.mjs';
import { freePort, pathOption, post, postOnNewConnection, postRetrying } from './support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');
const dist = path.join(repo, 'api', 'dist');
const compareDist = pathOption('compare', undefined);
const resultsFile = path.join(here, 'results', compareDist ? 'import-ab.json' : 'import.json');
const roundsArg = process.argv.indexOf('--rounds');
const ROUNDS = roundsArg === -1 ? 1 : Number(process.argv[roundsArg + 1]);
const WITH_LIST = !process.argv.includes('--no-list');
/** The builds measured: this one, and with --compare another (e.g. the main branch's api/dist). */
const BUILDS = [{ build: 'this', dist }, ...(compareDist ? [{ build: 'compare', dist: compareDist }] : [])];

const sizesArg = process.argv.indexOf('--sizes');
const SIZES =
  sizesArg === -1 ? [10_000, 100_000, 1_000_000] : process.argv[sizesArg + 1].split(',').map(Number);
const WITH_BROWSER = process.argv.includes('--browser');
const cpuProfDir = pathOption('cpu-prof', 'cpu-profiles');
const BATCH = 2_000;
const dataArg = process.argv.indexOf('--data');
/** 'communes' (real-looking rows, bench/communes-file.mjs) or 'uniform' (the generated rows below). */
const DATA = dataArg === -1 ? 'communes' : process.argv[dataArg + 1];
const formArg = process.argv.indexOf('--form');
const FORM = formArg === -1 ? 'cells' : process.argv[formArg + 1];
/**
 * Batches sent side by side, as the import modal does (mfe-prospecting upload-import.ts: 2);
 * `--in-flight n` tries another depth.
 */
const inFlightArg = process.argv.indexOf('--in-flight');
const IN_FLIGHT = inFlightArg === -1 ? 2 : Number(process.argv[inFlightArg + 1]);
/**
 * `--spread`: each batch on a connection of its own, so that with two API processes the batches
 * alternate between them. Without it, fetch's kept-alive connections carry them to one worker, which is
 * where Chromium's nearly all go too (import-speed.md, "Where a browser's batches go").
 */
const SPREAD = process.argv.includes('--spread');
/** How the API prepares batches: worker threads as shipped, or its main thread (IMPORT_WORKERS=0). */
const VARIANTS = {
  threads: {},
  mainThread: { IMPORT_WORKERS: '0' },
  oneProcess: { WEB_CONCURRENCY: '1' },
  // One import thread per process (IMPORT_WORKERS=1, the default before the seventh pass), for A/B.
  oneThread: { IMPORT_WORKERS: '1' },
  oneProcessOneThread: { WEB_CONCURRENCY: '1', IMPORT_WORKERS: '1' },
};
const variantsArg = process.argv.indexOf('--variants');
const VARIANT_NAMES = variantsArg === -1 ? Object.keys(VARIANTS) : process.argv[variantsArg + 1].split(',');
/** List calls timed with no import running, the baseline of the latency during one. */
const IDLE_LIST_MS = 5_000;

export const COLUMNS = [
  'Raison sociale',
  'Enseigne',
  'Code postal',
  'Ville',
  'Adresse',
  'Site web',
  'Téléphone',
  'E-mail',
  'SIRET',
  'Libellé activité',
  'Tranche effectif',
  "Type d'établissement",
];
/** Each prospect field's column (the import's `value`), every column mapped. */
export const MAPPING = {
  prospect: 'Raison sociale',
  enseigne: 'Enseigne',
  codePostale: 'Code postal',
  ville: 'Ville',
  adresseComplete: 'Adresse',
  site: 'Site web',
  telephone: 'Téléphone',
  eMail: 'E-mail',
  siret: 'SIRET',
  libelleactivite: 'Libellé activité',
  trancheSalarier: 'Tranche effectif',
  typeEtablissement: "Type d'établissement",
};
const CITIES = [
  ['01000', 'Bourg-en-Bresse'],
  ['13001', 'Marseille'],
  ['2A004', 'Ajaccio'],
  ['59000', 'Lille'],
  ['75011', 'Paris'],
];

/** One row of a French prospect file, as cells in COLUMNS order. */
export function cells(index) {
  const [postalCode, city] = CITIES[index % CITIES.length];
  return [
    `Société ${index} Crèche Œuvre`,
    `Enseigne ${index}`,
    postalCode,
    city,
    `${index % 200} rue de la République`,
    `https://societe-${index}.fr`,
    `0${String(102030405 + index).slice(-9)}`,
    `contact@societe-${index}.fr`,
    String(73282932000074 + index * 10).padStart(14, '0'),
    ['Commerce de détail', 'Restauration', 'Conseil', 'Crèche'][index % 4],
    ['1 à 2', '3 à 5', '10 à 19', '50 à 99'][index % 4],
    index % 3 === 0 ? 'Siège social' : 'Établissement secondaire',
  ];
}

/** The benchmark's rows: `--data communes` (default) or `uniform`. */
const rowCells = (index) => (DATA === 'uniform' ? cells(index) : communeCells(index));

const rowObject = (index) =>
  Object.fromEntries(rowCells(index).map((value, column) => [COLUMNS[column], value]));

async function startApi(dataDir, env = {}, apiDist = dist) {
  const port = await freePort();
  const started = performance.now();
  const profile = cpuProfDir ? ['--cpu-prof', '--cpu-prof-dir', cpuProfDir] : [];
  const child = spawn(process.execPath, [...profile, path.join(apiDist, 'index.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PASSWORD_HASH_COST: '1024',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error('l’API s’est arrêtée au démarrage');
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const memoryOf = (pid, field) => {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      return Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)[1]) / 1024);
    } catch {
      return 0;
    }
  };
  // With WEB_CONCURRENCY above 1 the primary only forks: the figure is the largest process's.
  const memory = (field) => Math.max(...apiPids().map((pid) => memoryOf(pid, field)));
  // CPU time (utime + stime, clock ticks of 10 ms) of the API: with WEB_CONCURRENCY above 1 (the
  // default on several cores) the processes that serve are the primary's children, so both figures
  // add up the primary and its children: their main threads, and all their threads.
  const stat = (file) => {
    try {
      return readFileSync(file, 'utf8').split(') ')[1].split(' ');
    } catch {
      return null;
    }
  };
  const ticks = (fields) => (fields ? (Number(fields[11]) + Number(fields[12])) * 10 : 0);
  const apiPids = () => [
    child.pid,
    ...readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .filter((pid) => stat(`/proc/${pid}/stat`)?.[1] === String(child.pid))
      .map(Number),
  ];
  return {
    base,
    cpuMs: () => {
      const pids = apiPids();
      return {
        mainThread: pids.reduce((sum, pid) => sum + ticks(stat(`/proc/${pid}/task/${pid}/stat`)), 0),
        process: pids.reduce((sum, pid) => sum + ticks(stat(`/proc/${pid}/stat`)), 0),
      };
    },
    startupMs: Math.round(performance.now() - started),
    rssMb: () => memory('VmRSS'),
    peakRssMb: () => memory('VmHWM'),
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

export async function seedCaller(base) {
  const { token } = await post(base, '/api/register', {
    email: `import.${Date.now()}@exemple.fr`,
    password: 'Motdepasse1',
    username: 'Banc Import',
  });
  await post(base, '/api/organisation/create', { token, name: 'Société de mesure', phone: '0102030405' });
  const { organisations } = await post(base, '/api/organisation/get', { token });
  return { token, organisationId: organisations[0]._id };
}

/** The calls the import modal makes for a large file, timed from the first to the ready file. */
export async function importOverHttp(base, caller, size, name) {
  // The batches' rows as JSON, written before the clock starts: in the browser the file is read first
  // (timed apart, in Chromium with --browser) and each batch is written on the user's machine, so
  // neither should take the API's cores during the upload here (the raw insertMany below does not
  // count building its documents either). Only the envelope is added per batch.
  const batches = [];
  for (let offset = 0; offset < size; offset += BATCH) {
    const lines = [];
    for (let index = offset; index < Math.min(offset + BATCH, size); index += 1)
      lines.push(FORM === 'rows' ? rowObject(index) : rowCells(index));
    batches.push(JSON.stringify(lines));
  }
  const started = performance.now();
  // Sent again if its kept-alive socket was closed by the API while the batches were written above
  // (seconds on a loaded machine, past the API's keep-alive time-out: "other side closed").
  const { importId } = await postRetrying(base, '/api/prospect/import/start', {
    ...caller,
    name,
    isPrivate: false,
    value: MAPPING,
    columns: COLUMNS,
    totalRows: size,
    duplicates: 'keep',
  });
  // As the modal sends them: the compact form (cells in the columns' order), IN_FLIGHT batches side
  // by side (the server stores them in order); `--form rows` sends one object per row, one at a time.
  const inFlight = new Set();
  const envelope = JSON.stringify({ ...caller, importId }).slice(0, -1);
  for (let offset = 0; offset < size; offset += BATCH) {
    const body = `${envelope},"offset":${offset},"${FORM === 'rows' ? 'rows' : 'cells'}":${batches[offset / BATCH]}}`;
    const sent = (SPREAD ? postOnNewConnection : postText)(base, '/api/prospect/import/rows', body);
    inFlight.add(sent);
    void sent.finally(() => inFlight.delete(sent)).catch(() => undefined);
    if (inFlight.size >= (FORM === 'rows' ? 1 : IN_FLIGHT)) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  const { summary } = await post(base, '/api/prospect/import/finish', { ...caller, importId });
  const seconds = (performance.now() - started) / 1000;
  if (summary.imported !== size) throw new Error(`import incomplet : ${summary.imported} / ${size}`);
  return { seconds: Number(seconds.toFixed(2)), rowsPerSec: Math.round(size / seconds) };
}

/** `post` of a body already written as JSON. */
async function postText(base, route, body) {
  const res = await fetch(`${base}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${route} : ${res.status} ${json.message ?? ''}`);
  return json;
}

/**
 * The same store's raw insertMany rate for the same number of prospect documents, 2,000 per call.
 * `indexesOf`: the API's store file whose prospects indexes the raw table gets too (every index the
 * product keeps on it: the import pays for each); without it, only ProspectsRepository's (the
 * baseline of the runs before 28 Nov 2026, which left out those of the records and the reports).
 */
function rawInsertManyRate(size, indexesOf) {
  const script = `
    const Database = require('better-sqlite3');
    const { openSqliteStore, STORE_FILE } = require(${JSON.stringify(path.join(dist, 'db', 'sqlite-store.js'))});
    const { ProspectsRepository } = require(${JSON.stringify(path.join(dist, 'modules', 'prospects', 'repository.js'))});
    const { normaliseProspectRow } = require('@app/domain');
    const columns = ${JSON.stringify(COLUMNS)};
    const mapping = ${JSON.stringify(MAPPING)};
    const cells = ${cells.toString()};
    const CITIES = ${JSON.stringify(CITIES)};
    (async () => {
      const { communeCells } = await import(${JSON.stringify(path.join(here, 'communes-file.mjs'))});
      const rowCells = ${JSON.stringify(DATA)} === 'uniform' ? cells : communeCells;
      const dataDir = process.argv[1];
      const indexesOf = process.argv[2];
      let store = await openSqliteStore({ dataDir });
      await new ProspectsRepository(store).ensureIndexes();
      await store.close();
      const INDEXES = "FROM sqlite_master WHERE type = 'index' AND tbl_name = 'c_prospects' AND sql IS NOT NULL";
      const raw = new Database(require('node:path').join(dataDir, STORE_FILE));
      if (indexesOf) {
        const api = new Database(indexesOf, { readonly: true });
        for (const sql of api.prepare('SELECT sql ' + INDEXES).pluck().all())
          raw.exec(sql.replace(/^CREATE INDEX/, 'CREATE INDEX IF NOT EXISTS'));
        api.close();
      }
      const indexes = raw.prepare('SELECT count(*) ' + INDEXES).pluck().get();
      raw.close();
      store = await openSqliteStore({ dataDir });
      const col = store.collection('prospects');
      const docs = [];
      const size = ${size};
      let elapsed = 0;
      let cpu = 0;
      for (let offset = 0; offset < size; offset += ${BATCH}) {
        const batch = [];
        for (let index = offset; index < Math.min(offset + ${BATCH}, size); index += 1) {
          const row = Object.fromEntries(rowCells(index).map((value, column) => [columns[column], value]));
          const draft = normaliseProspectRow(row, mapping, { keepTitle: true });
          batch.push({ ...draft, organisationId: 'o', excelId: 'f', userId: 'u', isPrivate: false, rowIndex: index,
            isAccepted: false, state: null });
        }
        const started = performance.now();
        const usage = process.cpuUsage();
        await col.insertMany(batch);
        elapsed += performance.now() - started;
        const used = process.cpuUsage(usage);
        cpu += (used.user + used.system) / 1000;
      }
      await store.close();
      process.stdout.write(JSON.stringify({ seconds: elapsed / 1000, rowsPerSec: Math.round(size / (elapsed / 1000)), cpuMs: cpu, indexes }));
    })();
  `;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-import-raw-'));
  try {
    const run = spawnSync(process.execPath, ['-e', script, dataDir, ...(indexesOf ? [indexesOf] : [])], {
      cwd: path.join(repo, 'api'),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    if (run.status !== 0) throw new Error('mesure brute en échec');
    const result = JSON.parse(run.stdout);
    return {
      seconds: Number(result.seconds.toFixed(2)),
      rowsPerSec: result.rowsPerSec,
      cpuMsPer1000Rows: Number(((result.cpuMs / size) * 1000).toFixed(1)),
      indexes: result.indexes,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The files list asked again and again (one call at a time, 50 ms apart) from a thread of its own, as
 * a colleague's browser would: in this process's event loop the calls would also wait for the
 * import's client building and sending its next batch, and count that wait as the API's.
 */
const LIST_PROBE = `
  const { parentPort, workerData } = require('node:worker_threads');
  let going = true;
  parentPort.once('message', () => (going = false));
  (async () => {
    const latencies = [];
    const body = JSON.stringify(workerData.caller);
    while (going) {
      const started = performance.now();
      const res = await fetch(workerData.base + '/api/prospect/get/all', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      await res.arrayBuffer();
      if (!res.ok) throw new Error('/api/prospect/get/all : ' + res.status);
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    parentPort.postMessage(latencies);
  })();
`;

async function listLatencies(base, caller, until) {
  const probe = new Worker(LIST_PROBE, { eval: true, workerData: { base, caller } });
  const measured = new Promise((resolve, reject) => {
    probe.once('message', resolve);
    probe.once('error', reject);
  });
  await until;
  probe.postMessage('stop');
  const latencies = await measured;
  await probe.terminate();
  latencies.sort((a, b) => a - b);
  const at = (quantile) => Number(latencies[Math.floor((latencies.length - 1) * quantile)].toFixed(1));
  return { listCalls: latencies.length, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: at(1) };
}

/**
 * Latency of the files list while an import runs beside it (a colleague's screen asking for the list
 * again and again), and just before, with no import running, on the same store.
 */
async function listLatencyDuringImport(base, caller, size) {
  const idle = await listLatencies(base, caller, new Promise((resolve) => setTimeout(resolve, IDLE_LIST_MS)));
  const imported = importOverHttp(base, caller, size, 'Import concurrent');
  const during = await listLatencies(
    base,
    caller,
    imported.catch(() => undefined),
  );
  return { rows: size, import: await imported, ...during, idle };
}

/**
 * The file in Chromium from the pick to the ready file, and in the same run the floor: a bare script
 * decoding, splitting and inserting the same bytes into SQLite (bench/communes-file.mjs).
 */
async function browserImport(base, size) {
  const { measureBrowserImport, windows1252Csv } = await import('./import-browser.mjs');
  const floor = bareImport(windows1252Csv(size, COLUMNS, rowCells));
  // The floor held this process's event loop for seconds: let the HTTP client see the keep-alive
  // sockets the API closed meanwhile, or its next request goes out on one ("other side closed").
  await new Promise((resolve) => setTimeout(resolve, 500));
  const browser = await measureBrowserImport(base, size, { columns: COLUMNS, cells: rowCells });
  const floorSeconds = Number(floor.seconds.toFixed(2));
  return { ...browser, floorSeconds, ratioToFloor: Number((browser.readySeconds / floorSeconds).toFixed(2)) };
}

async function main() {
  for (const needed of [
    path.join(dist, 'index.js'),
    path.join(dist, 'modules', 'prospects', 'repository.js'),
  ]) {
    if (!existsSync(needed)) {
      console.error('API non construite : lancez "npm run build" d’abord.');
      process.exitCode = 1;
      return;
    }
  }
  // Load the reference data now: loaded during an import, it would hold this process long enough
  // for the API to close an idle keep-alive socket the client then writes on ("other side closed").
  rowCells(0);
  const uptimeBefore = spawnSync('uptime', { encoding: 'utf8' }).stdout.trim();
  const runs = [];
  const concurrent = {};
  let startupOver1M;
  for (let round = 1; round <= ROUNDS; round += 1)
    for (const size of SIZES) {
      for (const variant of VARIANT_NAMES) {
        // With --compare, the two builds take turns, in the other order every other round.
        for (const { build, dist: apiDist } of round % 2 === 1 ? BUILDS : [...BUILDS].reverse()) {
          const dataDir = mkdtempSync(path.join(os.tmpdir(), `bench-import-${size}-`));
          try {
            const api = await startApi(dataDir, VARIANTS[variant], apiDist);
            const caller = await seedCaller(api.base);
            console.log(`${size.toLocaleString('fr-FR')} lignes (${variant}) : import par HTTP…`);
            const cpuBefore = api.cpuMs();
            const http = await importOverHttp(api.base, caller, size, `Fichier de ${size} lignes`);
            const cpuAfter = api.cpuMs();
            const peakRssMb = api.peakRssMb();
            let browser;
            if (WITH_BROWSER && variant === VARIANT_NAMES[0] && build === 'this' && round === 1) {
              console.log(`${size.toLocaleString('fr-FR')} lignes : import dans Chromium…`);
              browser = await browserImport(api.base, size);
            }
            if (
              WITH_LIST &&
              build === 'this' &&
              round === 1 &&
              (size === 100_000 || process.env.CONCURRENT_AT === String(size))
            ) {
              console.log(
                `Appels de liste pendant un import de ${size.toLocaleString('fr-FR')} lignes (${variant})…`,
              );
              concurrent[variant] = await listLatencyDuringImport(api.base, caller, size);
            }
            await api.stop();
            console.log(`${size.toLocaleString('fr-FR')} lignes : insertMany brut du même stockage…`);
            // The baseline: the raw inserts into a table with every index the API's store keeps on it.
            const raw = rawInsertManyRate(size, path.join(dataDir, 'store.sqlite'));
            // And, for the runs before 28 Nov 2026, ProspectsRepository's indexes alone.
            const rawRepository = rawInsertManyRate(size);
            runs.push({
              rows: size,
              variant,
              ...(compareDist || ROUNDS > 1 ? { build, round } : {}),
              http,
              rawInsertMany: raw,
              ratio: Number((http.rowsPerSec / raw.rowsPerSec).toFixed(3)),
              rawInsertManyRepositoryIndexes: rawRepository,
              ratioToRepositoryIndexes: Number((http.rowsPerSec / rawRepository.rowsPerSec).toFixed(3)),
              // CPU per 1,000 rows, far steadier than rates on a loaded machine: the API's main thread
              // (the one that also answers other calls) and all its threads, against the raw inserts.
              // cpuRatio = raw insert CPU ÷ main-thread CPU: the ingestion ratio an idle machine would
              // show while the main thread is the bottleneck.
              cpu: {
                apiMainThreadMsPer1000Rows: Number(
                  (((cpuAfter.mainThread - cpuBefore.mainThread) / size) * 1000).toFixed(1),
                ),
                apiAllThreadsMsPer1000Rows: Number(
                  (((cpuAfter.process - cpuBefore.process) / size) * 1000).toFixed(1),
                ),
                rawInsertMsPer1000Rows: raw.cpuMsPer1000Rows,
                cpuRatio: Number(
                  (
                    raw.cpuMsPer1000Rows /
                    (((cpuAfter.mainThread - cpuBefore.mainThread) / size) * 1000)
                  ).toFixed(3),
                ),
              },
              apiPeakRssMb: peakRssMb,
              ...(browser ? { browser } : {}),
            });
            if (size === 1_000_000 && variant === VARIANT_NAMES[0] && build === 'this' && round === 1) {
              const again = await startApi(dataDir);
              startupOver1M = { prospects: size, startupMs: again.startupMs, rssMb: again.rssMb() };
              await again.stop();
            }
          } finally {
            rmSync(dataDir, { recursive: true, force: true });
          }
        }
      }
    }

  const report = {
    date: new Date().toISOString(),
    // The machine's load before and after the run: absolute figures mean little when it is loaded.
    uptime: { before: uptimeBefore, after: spawnSync('uptime', { encoding: 'utf8' }).stdout.trim() },
    data: DATA,
    form: FORM,
    ...(compareDist ? { compare: { this: dist, compare: compareDist, rounds: ROUNDS } } : {}),
    inFlight: FORM === 'rows' ? 1 : IN_FLIGHT,
    spread: SPREAD,
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'inconnu',
    batchRows: BATCH,
    columns: COLUMNS.length,
    runs,
    importWorkers: 'IMPORT_WORKERS as shipped (threads), 0 (mainThread)',
    listCallDuringImport: concurrent,
    apiStartupOver1MProspects: startupOver1M,
    targets: { ingestionRatio: 0.6, readyToFloorRatio: 3, listP99Ms: 100 },
  };
  mkdirSync(path.dirname(resultsFile), { recursive: true });
  writeFileSync(resultsFile, `${JSON.stringify(report, null, 2)}\n`);

  console.log('');
  for (const run of runs) {
    console.log(
      `${run.rows.toLocaleString('fr-FR')} lignes (${run.variant}${run.build ? `, ${run.build}, tour ${run.round}` : ''}) — envoi + stockage ${run.http.seconds} s (${run.http.rowsPerSec} lignes/s), ` +
        `insertMany brut ${run.rawInsertMany.rowsPerSec} lignes/s (${run.rawInsertMany.indexes} index), rapport ${run.ratio} ` +
        `(${run.rawInsertManyRepositoryIndexes.rowsPerSec} lignes/s avec les ${run.rawInsertManyRepositoryIndexes.indexes} index du seul dépôt des prospects : ${run.ratioToRepositoryIndexes}), ` +
        `CPU du fil principal ${run.cpu.apiMainThreadMsPer1000Rows} ms / 1 000 lignes (insertMany brut ${run.cpu.rawInsertMsPer1000Rows} ms, rapport ${run.cpu.cpuRatio}), mémoire crête du plus gros processus de l’API ${run.apiPeakRssMb} Mo` +
        (run.browser
          ? `, Chromium : analyse ${run.browser.parseSeconds} s, du choix du fichier au fichier prêt ${run.browser.readySeconds} s` +
            ` (script nu ${run.browser.floorSeconds} s, rapport ${run.browser.ratioToFloor})`
          : ''),
    );
  }
  for (const [variant, during] of Object.entries(concurrent))
    console.log(
      `Liste des fichiers pendant un import de ${during.rows.toLocaleString('fr-FR')} lignes (${variant}) : ${during.listCalls} appels, ` +
        `p50 ${during.p50Ms} ms, p99 ${during.p99Ms} ms (sans import : p50 ${during.idle.p50Ms} ms, p99 ${during.idle.p99Ms} ms)`,
    );
  if (startupOver1M)
    console.log(
      `Démarrage de l’API sur 1 000 000 de prospects : ${startupOver1M.startupMs} ms, mémoire ${startupOver1M.rssMb} Mo`,
    );
  console.log(`Résultats écrits dans ${path.relative(repo, resultsFile)}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(
      error instanceof Error ? `${error.message}${error.cause ? ` (${error.cause})` : ''}` : error,
    );
    process.exitCode = 1;
  });
}
