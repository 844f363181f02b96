// CPU per 1,000 rows of the import's two halves, in this process, on the benchmark's real-looking rows
// (bench/communes-file.mjs): the preparation a worker thread runs (prepareBatch: row rules, search
// text, offline position, JSON) and the main thread's share of a batch (the body's JSON parse and its
// validation, quickImportBatch where the build's route has it, else zod; the duplicate look-up; then
// the store's insertSerialised by transactions of 250 rows). CPU time, not wall-clock: steadier on a
// shared machine. docs/decisions/import-speed.md.
//
//   npm run build -w @app/api && node bench/import-cpu.mjs [--rows 100000] [--rounds 3] [--dist <api dist>]
//
// `--dist` points at another build of the API (say a copy of the one before a change) so that two
// builds can be measured alternately in the same minutes (A/B): each round runs every build given.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import { communeCells } from './communes-file.mjs';
import { COLUMNS, MAPPING } from './import.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : process.argv[at + 1];
};
const ROWS = Number(arg('--rows', '100000'));
const ROUNDS = Number(arg('--rounds', '3'));
const BATCH = 2_000;
const INSERT_CHUNK = Number(arg('--chunk', '250'));
const dists = [
  path.join(here, '..', 'api', 'dist'),
  ...(arg('--dist', '') ? arg('--dist', '').split(',') : []),
];

const OPTIONS = { keepTitle: true, removeRowsWithout: [] };

const batches = [];
for (let offset = 0; offset < ROWS; offset += BATCH) {
  const cells = [];
  for (let index = offset; index < Math.min(offset + BATCH, ROWS); index += 1)
    cells.push(communeCells(index));
  batches.push({ offset, cells, text: JSON.stringify({ importId: 'a'.repeat(24), offset, cells }) });
}

const cpuMs = (since) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

function loadBuild(dist) {
  const require = createRequire(path.join(dist, 'index.js'));
  const domain = require('@app/domain');
  return {
    dist,
    prepareBatch: require(path.join(dist, 'modules/prospects/import-rows.js')).prepareBatch,
    positions: require(path.join(dist, 'modules/prospects/offline-positions.js')).offlinePositions(),
    openSqliteStore: require(path.join(dist, 'db/sqlite-store.js')).openSqliteStore,
    ProspectsRepository: require(path.join(dist, 'modules/prospects/repository.js')).ProspectsRepository,
    schema: domain.importBatchSchema,
    // The route's quick check of the modal's usual batch, where this build's route has one.
    quick: readFileSync(path.join(dist, 'modules/prospects/routes.js'), 'utf8').includes('quickImportBatch')
      ? domain.quickImportBatch
      : undefined,
  };
}

async function measure(build) {
  const job = {
    organisationId: 'o'.repeat(24),
    excelId: 'f'.repeat(24),
    userId: 'u'.repeat(24),
    isPrivate: false,
    columns: COLUMNS,
    mapping: MAPPING,
    options: OPTIONS,
  };
  // The preparation (a worker thread's work).
  let prepareCpu = 0;
  let receiveCpu = 0;
  const prepared = [];
  for (const batch of batches) {
    const since = process.cpuUsage();
    const result = await build.prepareBatch(
      { ...job, offset: batch.offset, cells: batch.cells },
      build.positions,
      1e15,
    );
    // What the thread sends back is written into its message there (strings flattened included) and
    // read back on the main thread, as import-worker.ts / import-pool.ts do.
    const message = serialize(result);
    prepareCpu += cpuMs(since);
    const received = process.cpuUsage();
    prepared.push(deserialize(message));
    receiveCpu += cpuMs(received);
  }
  // The main thread's share: the body's parse and validation, and the inserts.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-import-cpu-'));
  const store = await build.openSqliteStore({ dataDir });
  await new build.ProspectsRepository(store).ensureIndexes();
  const collection = store.collection('prospects');
  const repository = new build.ProspectsRepository(store);
  let parseCpu = 0;
  let insertCpu = 0;
  let lookupCpu = 0;
  for (let at = 0; at < batches.length; at += 1) {
    let since = process.cpuUsage();
    const body = JSON.parse(batches[at].text);
    if (build.quick?.(body) === undefined && !build.schema.safeParse(body).success)
      throw new Error('lot refusé');
    parseCpu += cpuMs(since);
    const { rows, shape } = prepared[at];
    // The duplicate look-up of the batch's keys, by slices of 500 (import-service.ts).
    since = process.cpuUsage();
    const keys = [...new Set(rows.map((row) => row.dedupKey))];
    for (let first = 0; first < keys.length; first += 500)
      await repository.existingDedupKeys(job.organisationId, [job.excelId], keys.slice(first, first + 500));
    lookupCpu += cpuMs(since);
    since = process.cpuUsage();
    for (let first = 0; first < rows.length; first += INSERT_CHUNK)
      await collection.insertSerialised(
        rows.slice(first, first + INSERT_CHUNK).map((row) => row.body),
        shape,
      );
    insertCpu += cpuMs(since);
  }
  // The same file imported again (the benchmark's second import, a file sent twice): every key is
  // stored already, some by many rows.
  let againCpu = 0;
  for (const { rows } of prepared) {
    const since = process.cpuUsage();
    const keys = [...new Set(rows.map((row) => row.dedupKey))];
    for (let first = 0; first < keys.length; first += 500)
      await repository.existingDedupKeys(job.organisationId, [job.excelId], keys.slice(first, first + 500));
    againCpu += cpuMs(since);
  }
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
  const per1000 = (ms) => Number(((ms / ROWS) * 1000).toFixed(1));
  return {
    prepare: per1000(prepareCpu),
    receive: per1000(receiveCpu),
    parse: per1000(parseCpu),
    lookupAgain: per1000(againCpu),
    lookup: per1000(lookupCpu),
    insert: per1000(insertCpu),
  };
}

const builds = dists.map(loadBuild);
const results = Object.fromEntries(dists.map((dist) => [dist, []]));
for (let round = 0; round < ROUNDS; round += 1)
  for (const build of builds) {
    const figures = await measure(build);
    results[build.dist].push(figures);
    console.log(`round ${round + 1} ${build.dist}: CPU ms / 1,000 rows`, JSON.stringify(figures));
  }
for (const [dist, runs] of Object.entries(results)) {
  const median = (key) => runs.map((run) => run[key]).sort((a, b) => a - b)[Math.floor(runs.length / 2)];
  console.log(
    `median ${dist}:`,
    JSON.stringify({
      prepare: median('prepare'),
      receive: median('receive'),
      parse: median('parse'),
      lookup: median('lookup'),
      lookupAgain: median('lookupAgain'),
      insert: median('insert'),
    }),
  );
}
