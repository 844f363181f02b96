// An import's first batch after a pause, as a user meets it: the API started fresh (its import threads
// not yet started, as after 60 s without a batch), the modal's start call, the upload of the first batch
// (--upload-ms, 1,500 by default: a 2,000-row batch from a phone), then that batch's answer, timed.
// With --compare <another api/dist> each round runs both builds, in turns (docs/decisions/import-speed.md,
// "The threads start with the import").
// With --workers 2 (`npm start` on two cores) the API runs two processes and the first two batches go
// out side by side, each on a connection of its own: the primary hands them to the two workers in turn,
// one of which did not answer the start (a browser's batches seldom do that: import-speed.md, "Every
// process warms — tried, not kept"); the time is until both are answered.
// Usage: node bench/import-first-batch.mjs [--compare <api/dist>] [--upload-ms 1500] [--rounds 4]
//   [--workers 1] [--out import-first-batch.json]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { COLUMNS, MAPPING, cells, seedCaller } from './import.mjs';
import {
  apiEntry,
  apiEnv,
  freePort,
  numberOption,
  pathOption,
  pause,
  post,
  postOnNewConnection,
  repo,
  startNode,
  stop,
  waitForHealth,
} from './support.mjs';

const ROWS = 2000;
const compare = pathOption('compare', undefined);
const uploadMs = numberOption('upload-ms', 1500);
const rounds = numberOption('rounds', 4);
const workers = numberOption('workers', 1);
const outArg = process.argv.indexOf('--out');
const out = outArg > 0 ? process.argv[outArg + 1] : 'import-first-batch.json';
const builds = { this: apiEntry, ...(compare && { compare: path.join(compare, 'index.js') }) };
const rows = Array.from({ length: ROWS }, (_, index) => cells(index));
/** Batches timed: the first, or the first two side by side when several processes take them. */
const batches = workers > 1 ? 2 : 1;

/**
 * One fresh API (`workers` processes), one import's start, the upload's time, then the answer to the
 * first batch (one process) or to the first two sent side by side (several), in ms.
 */
async function firstBatch(entry) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-first-batch-'));
  const port = await freePort();
  const child = startNode('API', [entry], apiEnv(port, dir, { WEB_CONCURRENCY: String(workers) }));
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(`${base}/healthz`, child);
    const caller = await seedCaller(base);
    // The API's own work after its start (the offline positions' warm-up 2 s after listening) is over.
    await pause(3000);
    const { importId } = await post(base, '/api/prospect/import/start', {
      ...caller,
      name: 'Premier lot',
      isPrivate: false,
      value: MAPPING,
      columns: COLUMNS,
      totalRows: ROWS * batches,
      duplicates: 'keep',
    });
    await pause(uploadMs);
    const started = performance.now();
    if (batches === 1)
      await post(base, '/api/prospect/import/rows', { ...caller, importId, offset: 0, cells: rows });
    else
      await Promise.all(
        Array.from({ length: batches }, (_, batch) =>
          postOnNewConnection(base, '/api/prospect/import/rows', {
            ...caller,
            importId,
            offset: batch * ROWS,
            cells: rows,
          }),
        ),
      );
    return Math.round(performance.now() - started);
  } finally {
    await stop(child);
    rmSync(dir, { recursive: true, force: true });
  }
}

const times = Object.fromEntries(Object.keys(builds).map((name) => [name, []]));
for (let round = 0; round < rounds; round += 1) {
  const names = Object.keys(builds);
  for (const name of round % 2 === 0 ? names : names.reverse()) {
    times[name].push(await firstBatch(builds[name]));
    console.log(
      `tour ${round + 1}, ${name} : ${batches === 1 ? 'premier lot' : `${batches} premiers lots`} de ${ROWS} lignes en ${times[name].at(-1)} ms`,
    );
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const summary = Object.fromEntries(
  Object.entries(times).map(([name, values]) => [name, { firstBatchMs: values, medianMs: median(values) }]),
);
console.log(JSON.stringify(summary));
writeFileSync(
  path.join(repo, 'bench', 'results', out),
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      node: process.version,
      cpus: cpus().length,
      rows: ROWS,
      workers,
      batchesTimed: batches,
      uploadMs,
      compare,
      builds: summary,
    },
    null,
    2,
  )}\n`,
);
console.log(`Résultats écrits dans bench/results/${out}`);
