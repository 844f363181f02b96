// An import's first batch after a pause, as a user meets it: the API started fresh (its import threads
// not yet started, as after 60 s without a batch), the modal's start call, the upload of the first batch
// (--upload-ms, 1,500 by default: a 2,000-row batch from a phone), then that batch's answer, timed.
// With --compare <another api/dist> each round runs both builds, in turns (docs/decisions/import-speed.md,
// "The threads start with the import").
// Usage: node bench/import-first-batch.mjs [--compare <api/dist>] [--upload-ms 1500] [--rounds 4]
//   [--out import-first-batch.json]
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
  repo,
  startNode,
  stop,
  waitForHealth,
} from './support.mjs';

const ROWS = 2000;
const compare = pathOption('compare', undefined);
const uploadMs = numberOption('upload-ms', 1500);
const rounds = numberOption('rounds', 4);
const outArg = process.argv.indexOf('--out');
const out = outArg > 0 ? process.argv[outArg + 1] : 'import-first-batch.json';
const builds = { this: apiEntry, ...(compare && { compare: path.join(compare, 'index.js') }) };
const rows = Array.from({ length: ROWS }, (_, index) => cells(index));

/** One fresh API (one process), one import's start, the upload's time, the first batch's answer in ms. */
async function firstBatch(entry) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-first-batch-'));
  const port = await freePort();
  const child = startNode('API', [entry], apiEnv(port, dir, { WEB_CONCURRENCY: '1' }));
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
      totalRows: ROWS,
      duplicates: 'keep',
    });
    await pause(uploadMs);
    const started = performance.now();
    await post(base, '/api/prospect/import/rows', { ...caller, importId, offset: 0, cells: rows });
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
    console.log(`tour ${round + 1}, ${name} : premier lot de ${ROWS} lignes en ${times[name].at(-1)} ms`);
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
      uploadMs,
      compare,
      builds: summary,
    },
    null,
    2,
  )}\n`,
);
console.log(`Résultats écrits dans bench/results/${out}`);
