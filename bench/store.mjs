// The embedded store (SQLite through the collection interface) at 10k, 100k and 1M prospects:
// - insert rate through insertMany in batches of 5,000, as a ratio to raw better-sqlite3 inserts of the
//   same JSON rows into the same table and indexes, in the same run;
// - start-up (open the file and ensure the indexes, in a fresh process) and its memory;
// - count of one organisation's prospects and one sorted page of 500 (first page and a deep page);
// - the event loop's delay while 100k rows go in by 500-row transactions (what an import does);
// - at 1M: the built API started over that DATA_DIR, its start-up time and its memory.
// The prospects carry the 12 standard fields plus what the import stores, with the indexes of the
// prospects repository. Prints the figures; writes bench/results/store.json.
// Usage: node bench/store.mjs [--sizes 10000,100000,1000000]   (the API must be built first)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');
const dist = path.join(repo, 'api', 'dist');
const resultsFile = path.join(here, 'results', 'store.json');
const requireFromApi = createRequire(path.join(repo, 'api', 'package.json'));

const sizesArg = process.argv.indexOf('--sizes');
const SIZES =
  sizesArg === -1 ? [10_000, 100_000, 1_000_000] : process.argv[sizesArg + 1].split(',').map(Number);
const INSERT_BATCH = 5_000;
/** What the import stores per transaction (api/src/modules/prospects/repository.ts, INSERT_CHUNK). */
const IMPORT_BATCH = 250;
const ORGANISATION = '65a000000000000000000001';
const OTHER_ORGANISATION = '65a000000000000000000002';
const FILE = '65b000000000000000000001';

// ---- child roles ------------------------------------------------------------------------------

const CITIES = [
  ['01000', 'Bourg-en-Bresse', '01', 'Auvergne-Rhône-Alpes'],
  ['13001', 'Marseille', '13', "Provence-Alpes-Côte d'Azur"],
  ['33000', 'Bordeaux', '33', 'Nouvelle-Aquitaine'],
  ['59000', 'Lille', '59', 'Hauts-de-France'],
  ['75011', 'Paris', '75', 'Île-de-France'],
];

function prospect(index, organisationId) {
  const [codePostale, ville, departement, region] = CITIES[index % CITIES.length];
  const name = `Société ${index} Crèche Œuvre`;
  const siret = String(73282932000074 + index).padStart(14, '0');
  return {
    organisationId,
    excelId: FILE,
    userId: '65c000000000000000000001',
    isPrivate: false,
    rowIndex: index,
    prospect: name,
    enseigne: `Enseigne ${index % 977}`,
    codePostale,
    ville,
    adresseComplete: `${index % 200} rue de la République ${codePostale} ${ville}`,
    site: `https://societe-${index}.fr`,
    telephone: `0${(102030405 + index) % 1_000_000_000}`.padEnd(10, '0'),
    eMail: `contact@societe-${index}.fr`,
    siret,
    libelleactivite: ['Commerce de détail', 'Restauration', 'Conseil', 'Crèche'][index % 4],
    trancheSalarier: ['1 à 2', '3 à 5', '10 à 19', '50 à 99'][index % 4],
    typeEtablissement: index % 3 === 0 ? 'Siège social' : 'Établissement secondaire',
    departement,
    region,
    value: '{}',
    searchText: `societe ${index} creche oeuvre enseigne ${index % 977} ${codePostale} ${ville.toLowerCase()}`,
    dedupKey: `siret:${siret}`,
    siretFlagged: false,
    isAccepted: false,
    state: null,
  };
}

const rssMb = () => Math.round(process.memoryUsage().rss / 1024 / 1024);

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function timeMs(work, runs = 15) {
  const samples = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  return Number(median(samples).toFixed(2));
}

async function fill(dataDir, size) {
  const { openSqliteStore } = requireFromApi(path.join(dist, 'db', 'sqlite-store.js'));
  const { ProspectsRepository } = requireFromApi(path.join(dist, 'modules', 'prospects', 'repository.js'));
  const Database = requireFromApi('better-sqlite3');

  // The rows of the other organisation make the organisation filter matter (a tenth of the size).
  const other = Math.round(size / 10);
  const store = await openSqliteStore({ dataDir });
  await new ProspectsRepository(store).ensureIndexes();
  const col = store.collection('prospects');
  const started = performance.now();
  for (let first = 0; first < size + other; first += INSERT_BATCH) {
    const batch = [];
    for (let index = first; index < Math.min(first + INSERT_BATCH, size + other); index += 1)
      batch.push(prospect(index, index < size ? ORGANISATION : OTHER_ORGANISATION));
    await col.insertMany(batch);
  }
  const storeSeconds = (performance.now() - started) / 1000;
  await store.close();

  // Raw better-sqlite3: same rows as JSON text, same table shape and expression indexes, WAL.
  const rawFile = path.join(dataDir, 'raw.sqlite');
  const raw = new Database(rawFile);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.exec('CREATE TABLE c_prospects (_id TEXT PRIMARY KEY NOT NULL, doc TEXT NOT NULL)');
  for (const keys of [
    ['organisationId', 'excelId', 'rowIndex'],
    ['organisationId', 'dedupKey'],
    ['organisationId', 'excelId', 'isAccepted'],
  ]) {
    raw.exec(
      `CREATE INDEX ix_${keys.join('_')} ON c_prospects (${keys.map((key) => `json_extract(doc, '$."${key}"')`).join(', ')})`,
    );
  }
  const insert = raw.prepare('INSERT INTO c_prospects (_id, doc) VALUES (?, ?)');
  const { ObjectId } = requireFromApi('mongodb');
  const rawStarted = performance.now();
  for (let first = 0; first < size + other; first += INSERT_BATCH) {
    const rows = [];
    for (let index = first; index < Math.min(first + INSERT_BATCH, size + other); index += 1)
      rows.push([
        new ObjectId().toHexString(),
        prospect(index, index < size ? ORGANISATION : OTHER_ORGANISATION),
      ]);
    raw.transaction(() => {
      for (const [id, doc] of rows) insert.run(id, JSON.stringify(doc));
    })();
  }
  const rawSeconds = (performance.now() - rawStarted) / 1000;
  raw.close();
  rmSync(rawFile, { force: true });
  rmSync(`${rawFile}-wal`, { force: true });
  rmSync(`${rawFile}-shm`, { force: true });

  const rows = size + other;
  return {
    rows,
    store: { seconds: Number(storeSeconds.toFixed(2)), rowsPerSec: Math.round(rows / storeSeconds) },
    rawBetterSqlite3: { seconds: Number(rawSeconds.toFixed(2)), rowsPerSec: Math.round(rows / rawSeconds) },
    ratio: Number((rawSeconds / storeSeconds).toFixed(3)),
    fileMb: Math.round(statSync(path.join(dataDir, 'store.sqlite')).size / 1024 / 1024),
  };
}

async function query(dataDir, size) {
  const { openSqliteStore } = requireFromApi(path.join(dist, 'db', 'sqlite-store.js'));
  const { ProspectsRepository } = requireFromApi(path.join(dist, 'modules', 'prospects', 'repository.js'));
  const rssBefore = rssMb();
  const started = performance.now();
  const store = await openSqliteStore({ dataDir });
  await new ProspectsRepository(store).ensureIndexes();
  const startupMs = Number((performance.now() - started).toFixed(1));
  const col = store.collection('prospects');
  const count = await col.countDocuments({ organisationId: ORGANISATION });
  if (count !== size) throw new Error(`compte inattendu : ${count} au lieu de ${size}`);
  const countMs = await timeMs(() => col.countDocuments({ organisationId: ORGANISATION }));
  const page = (skip) =>
    col.find({ organisationId: ORGANISATION, excelId: FILE }, { sort: { rowIndex: 1 }, skip, limit: 500 });
  const firstPageMs = await timeMs(() => page(0));
  const deepPageMs = await timeMs(() => page(Math.floor(size / 2)));
  const searchMs = await timeMs(
    () =>
      col.find(
        { organisationId: ORGANISATION, excelId: FILE, searchText: { $regex: /enseigne 976 /i } },
        { sort: { rowIndex: 1 }, limit: 500 },
      ),
    5,
  );
  const result = {
    startupMs,
    rssMbAfterQueries: rssMb(),
    rssMbBeforeOpen: rssBefore,
    countOneOrganisationMs: countMs,
    sortedPageOf500Ms: { first: firstPageMs, middle: deepPageMs },
    searchScanMs: searchMs,
  };
  await store.close();
  return result;
}

/** Inserts 100k rows the way an import does (IMPORT_BATCH per insertMany, yielding between) and samples the event loop. */
async function eventLoop(dataDir) {
  const { monitorEventLoopDelay } = await import('node:perf_hooks');
  const { openSqliteStore } = requireFromApi(path.join(dist, 'db', 'sqlite-store.js'));
  const { ProspectsRepository } = requireFromApi(path.join(dist, 'modules', 'prospects', 'repository.js'));
  const store = await openSqliteStore({ dataDir });
  await new ProspectsRepository(store).ensureIndexes();
  const col = store.collection('prospects');
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  const started = performance.now();
  for (let first = 0; first < 100_000; first += IMPORT_BATCH) {
    const batch = [];
    for (let index = first; index < first + IMPORT_BATCH; index += 1)
      batch.push(prospect(index, ORGANISATION));
    await col.insertMany(batch);
    await new Promise((resolve) => setImmediate(resolve));
  }
  histogram.disable();
  await store.close();
  return {
    rows: 100_000,
    batch: IMPORT_BATCH,
    seconds: Number(((performance.now() - started) / 1000).toFixed(2)),
    eventLoopDelayMs: {
      p50: Number((histogram.percentile(50) / 1e6).toFixed(1)),
      p99: Number((histogram.percentile(99) / 1e6).toFixed(1)),
      max: Number((histogram.max / 1e6).toFixed(1)),
    },
  };
}

const role = process.argv.indexOf('--child');
if (role !== -1) {
  const [kind, dataDir, size] = process.argv.slice(role + 1);
  const work = { fill, query, eventLoop }[kind];
  const result = await work(dataDir, Number(size));
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
}

// ---- parent ----------------------------------------------------------------------------------

function child(kind, dataDir, size) {
  const run = spawnSync(
    process.execPath,
    [fileURLToPath(import.meta.url), '--child', kind, dataDir, String(size)],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 1 << 20,
    },
  );
  if (run.status !== 0) throw new Error(`étape ${kind} (${size}) en échec`);
  return JSON.parse(run.stdout.trim().split('\n').pop());
}

/** The built API over a DATA_DIR: time until /healthz answers, and its resident memory. */
async function apiOver(dataDir) {
  const port = await freePort();
  const started = performance.now();
  const api = spawn(process.execPath, [path.join(dist, 'index.js')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const rss = () => {
    const status = readFileSync(`/proc/${api.pid}/status`, 'utf8');
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024);
  };
  try {
    for (;;) {
      if (api.exitCode !== null) throw new Error('l’API s’est arrêtée');
      try {
        if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const startupMs = Math.round(performance.now() - started);
    return { startupMs, rssMb: rss() };
  } finally {
    api.kill('SIGTERM');
    await new Promise((resolve) => api.once('exit', resolve));
  }
}

async function main() {
  if (!existsSync(path.join(dist, 'modules', 'prospects', 'repository.js'))) {
    console.error('API non construite : lancez "npm run build" d’abord.');
    process.exitCode = 1;
    return;
  }
  const runs = [];
  for (const size of SIZES) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), `bench-store-${size}-`));
    try {
      console.log(`${size.toLocaleString('fr-FR')} prospects : insertion…`);
      const insert = child('fill', dataDir, size);
      console.log(`${size.toLocaleString('fr-FR')} prospects : démarrage et requêtes…`);
      const queries = child('query', dataDir, size);
      const entry = { prospects: size, insert, ...queries };
      if (size === 1_000_000 || size === Math.max(...SIZES)) {
        // The first start creates the indexes the other modules declare over the existing rows; the
        // second is every later start.
        const first = await apiOver(dataDir);
        const again = await apiOver(dataDir);
        entry.api = { firstStartMs: first.startupMs, startupMs: again.startupMs, rssMb: again.rssMb };
      }
      runs.push(entry);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const loopDir = mkdtempSync(path.join(os.tmpdir(), 'bench-store-loop-'));
  let importLike;
  try {
    console.log(`100 000 lignes par transactions de ${IMPORT_BATCH} : délai de la boucle d’événements…`);
    importLike = child('eventLoop', loopDir, 100_000);
  } finally {
    rmSync(loopDir, { recursive: true, force: true });
  }

  const report = {
    date: new Date().toISOString(),
    node: process.version,
    sqlite: (() => {
      const Database = requireFromApi('better-sqlite3');
      const db = new Database(':memory:');
      const { version } = db.prepare('SELECT sqlite_version() AS version').get();
      db.close();
      return version;
    })(),
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'inconnu',
    insertBatch: INSERT_BATCH,
    runs,
    importLikeInsert: importLike,
    targets: { eventLoopDelayP99Ms: 50 },
  };
  mkdirSync(path.dirname(resultsFile), { recursive: true });
  writeFileSync(resultsFile, `${JSON.stringify(report, null, 2)}\n`);

  console.log('');
  for (const run of runs) {
    const n = run.prospects.toLocaleString('fr-FR');
    console.log(
      `${n} prospects — insertion ${run.insert.store.rowsPerSec} lignes/s (brut ${run.insert.rawBetterSqlite3.rowsPerSec}, rapport ${run.insert.ratio}), ` +
        `démarrage ${run.startupMs} ms, compte d’une organisation ${run.countOneOrganisationMs} ms, ` +
        `page triée de 500 ${run.sortedPageOf500Ms.first} ms (au milieu ${run.sortedPageOf500Ms.middle} ms), ` +
        `recherche sans index ${run.searchScanMs} ms, fichier ${run.insert.fileMb} Mo` +
        (run.api
          ? `, API : démarrage ${run.api.startupMs} ms (premier démarrage, index créés : ${run.api.firstStartMs} ms), mémoire ${run.api.rssMb} Mo`
          : ''),
    );
  }
  console.log(
    `Import de 100 000 lignes par lots de ${IMPORT_BATCH} : ${importLike.seconds} s, délai de la boucle p99 ${importLike.eventLoopDelayMs.p99} ms (max ${importLike.eventLoopDelayMs.max} ms)`,
  );
  console.log(`Résultats écrits dans ${path.relative(repo, resultsFile)}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
