// The bin (issue 23) at scale, against the built API (api/dist, embedded SQLite store): a file of N
// prospects (imported with the modal's calls, 2,000-row batches) with 1% of them taken as
// opportunities and commented, then moved to the bin (/api/prospect/delete, a chunk of BIN_MOVE_CHUNK
// prospects per store transaction), then restored (/api/bin/restore, the same). Printed per size: the import's time (the
// baseline of the same run), the deletion's and the restoration's time and their ratio to the
// import, and the p99 / max of a list call (/api/prospect/get/all) asked every 20 ms while each ran,
// beside the same call's latency with nothing running. Writes bench/results/bin.json.
// The event loop is held by each transaction (better-sqlite3 is synchronous): a list call waits for
// the end of the one running, which is what the max shows; with --log, each operation's number of
// transactions, the longest and their sum, from the API's "Corbeille : transaction" lines.
// Usage: node bench/bin.mjs [--sizes 10000,50000] [--log api.log] (after npm run build:apps)
import { execSync, spawn } from 'node:child_process';
import { openSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  apiEntry,
  apiEnv,
  cleanUp,
  freePort,
  listOption,
  ownerWithOrganisation,
  pathOption,
  pause,
  post,
  quantile,
  startApi,
  stop,
  tempDir,
  waitForHealth,
} from './support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const SIZES = listOption('sizes', [10_000, 50_000]);
const BATCH = 2_000;
const MAPPING = { prospect: 'Raison sociale', enseigne: 'Enseigne', codePostale: 'CP', ville: 'Ville' };
const COLUMNS = ['Raison sociale', 'Enseigne', 'CP', 'Ville'];

const row = (file, i) => ({
  'Raison sociale': `Société ${file}-${i}`,
  Enseigne: `Enseigne ${i % 97}`,
  CP: String(75001 + (i % 20)),
  Ville: 'Paris',
});

async function importFile(base, caller, name, size) {
  const { importId } = await post(base, '/api/prospect/import/start', {
    ...caller,
    name,
    isPrivate: false,
    value: MAPPING,
    columns: COLUMNS,
    totalRows: size,
    duplicates: 'keep',
  });
  for (let offset = 0; offset < size; offset += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, size - offset) }, (_, i) => row(name, offset + i));
    await post(base, '/api/prospect/import/rows', { ...caller, importId, offset, rows });
  }
  const { excelId } = await post(base, '/api/prospect/import/finish', { ...caller, importId });
  return excelId;
}

/** Runs `work` while a list call is asked every 20 ms; its time and the calls' latencies. */
async function whileListing(base, caller, work) {
  const latencies = [];
  let errors = 0;
  let running = true;
  const lister = (async () => {
    while (running) {
      const started = performance.now();
      // A kept-alive socket the server closes right after a long wait fails the call (ECONNRESET):
      // counted, with the time it waited.
      await post(base, '/api/prospect/get/all', caller).catch(() => (errors += 1));
      latencies.push(performance.now() - started);
      await pause(20);
    }
  })();
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  running = false;
  await lister;
  latencies.sort((a, b) => a - b);
  return { ms, result, listP99: quantile(latencies, 0.99), listMax: latencies.at(-1) ?? 0, errors };
}

const round = (ms) => Math.round(ms * 10) / 10;

/**
 * The API's "Corbeille : transaction" lines written since `from` (characters of the log file): how
 * many transactions, the longest and their sum, in ms (how long each held the lock and the loop).
 */
async function transactionsSince(logFile, from) {
  await pause(300);
  const text = readFileSync(logFile, 'utf8');
  const lines = text
    .slice(from)
    .split('\n')
    .filter((line) => line.includes('Corbeille : transaction'))
    .map((line) => JSON.parse(line));
  const ms = lines.map((line) => line.transactionMs);
  return {
    end: text.length,
    figures: {
      transactions: ms.length,
      longestMs: ms.length ? Math.max(...ms) : 0,
      totalMs: ms.reduce((sum, value) => sum + value, 0),
    },
  };
}
const logLength = (logFile) => (logFile ? readFileSync(logFile, 'utf8').length : 0);

async function main() {
  const dataDir = tempDir('bench-bin-');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // --log <file>: the API's log lines (its "Corbeille : transaction" lines give the lock's duration).
  const logFile = pathOption('log', 'bin-api.log');
  const api = logFile
    ? spawn(process.execPath, [apiEntry], {
        env: { ...process.env, ...apiEnv(port, dataDir, { LOG_LEVEL: 'info' }) },
        stdio: ['ignore', openSync(logFile, 'w'), 'inherit'],
      })
    : startApi(apiEnv(port, dataDir));
  await waitForHealth(`${base}/healthz`, api);
  const caller = await ownerWithOrganisation(base, {
    email: 'bench.corbeille@exemple.fr',
    username: 'Banc Corbeille',
    organisation: 'Banc de la corbeille',
  });
  const { status } = await post(base, '/api/opportunity/status', caller);
  const idle = await whileListing(base, caller, () => pause(3_000));
  const results = [];
  for (const size of SIZES) {
    const name = `Fichier ${size}`;
    const imported = performance.now();
    const excelId = await importFile(base, caller, name, size);
    const importMs = performance.now() - imported;
    // 1% taken and commented: their opportunities and comments go to the bin with the file.
    const { value } = await post(base, '/api/prospect/get/value', { ...caller, excelId, limit: 200 });
    for (const prospect of value.slice(0, Math.max(1, Math.floor(size / 100)))) {
      const { opportunityId } = await post(base, '/api/opportunity/create', {
        ...caller,
        prospectId: prospect._id,
      });
      await post(base, '/api/messages/post', {
        ...caller,
        opportunityId,
        message: 'Appel de prospection',
        statusId: status[0]._id,
      });
    }
    const beforeDelete = logLength(logFile);
    const deletion = await whileListing(base, caller, () =>
      post(base, '/api/prospect/delete', { ...caller, excelId }),
    );
    const deleteLog = logFile ? await transactionsSince(logFile, beforeDelete) : null;
    const { value: bin } = await post(base, '/api/bin/list', caller);
    const record = bin.find((item) => item.label === name);
    const beforeRestore = logLength(logFile);
    const restoration = await whileListing(base, caller, () =>
      post(base, '/api/bin/restore', { ...caller, binId: record._id }),
    );
    const restoreLog = logFile ? await transactionsSince(logFile, beforeRestore) : null;
    const line = {
      prospects: record.counts.prospects,
      opportunities: record.counts.opportunities,
      comments: record.counts.comments,
      importMs: round(importMs),
      deleteMs: round(deletion.ms),
      restoreMs: round(restoration.ms),
      deleteToImport: round(deletion.ms / importMs),
      restoreToImport: round(restoration.ms / importMs),
      listIdleP99Ms: round(idle.listP99),
      listP99DuringDeleteMs: round(deletion.listP99),
      listMaxDuringDeleteMs: round(deletion.listMax),
      listP99DuringRestoreMs: round(restoration.listP99),
      listMaxDuringRestoreMs: round(restoration.listMax),
      listErrors: deletion.errors + restoration.errors,
      ...(deleteLog && restoreLog
        ? { deleteTransactions: deleteLog.figures, restoreTransactions: restoreLog.figures }
        : {}),
    };
    console.log(JSON.stringify(line));
    results.push(line);
    // Out of the way of the next size's duplicate checks and lists.
    await post(base, '/api/prospect/delete', { ...caller, excelId });
  }
  await stop(api);
  const load = execSync('uptime').toString().trim();
  writeFileSync(
    path.join(here, 'results', 'bin.json'),
    `${JSON.stringify({ date: new Date().toISOString(), machine: { load }, results }, null, 2)}\n`,
  );
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(cleanUp);
