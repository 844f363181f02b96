// What a page of the audit log costs the built API (api/dist, embedded SQLite store, full middleware
// stack) when the organisation's log is large: N records of one organisation (and N/4 of another one
// on the same store), written straight into the store. Measured in one run, median of `--repeat` calls:
// - the first page (50 records) and pages deep in the log (the cursor of the record at 50 %, 99 %),
//   unfiltered and filtered by person and by kind: with the keyset cursor a deep page should cost
//   what the first does (the ratio deep / first is what counts on a loaded machine);
// - POST /api/user/getRoles, a light member call, as the yardstick of the same run;
// - the CSV export of the newest 100,000 records (once).
// Prints the figures; writes bench/results/audit-log.json with the machine's load.
// Usage: node bench/audit-log.mjs [--records 200000] [--repeat 15]
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  apiEnv,
  cleanUp,
  freePort,
  numberOption,
  openApiStore,
  ownerWithOrganisation,
  postRetrying as post,
  repo,
  startApi,
  stop,
  tempDir,
  timedMedian as timedRuns,
  userIdOf,
  waitForHealth,
} from './support.mjs';

const RECORDS = numberOption('records', 200_000);
const REPEAT = numberOption('repeat', 15);
const timedMedian = (work) => timedRuns(work, REPEAT);
const KINDS = ['stateChanged', 'handedOver', 'prospectEdited', 'exported', 'imported', 'roleAssigned'];
const PEOPLE = 5;
const resultsFile = path.join(repo, 'bench', 'results', 'audit-log.json');

/** Record `i` of the organisation (newest first: i = 0 is the newest), one second apart. */
function recordOf(i, organisationId, people, top) {
  return {
    _id: `e${i.toString(16).padStart(23, '0')}`,
    organisationId,
    at: top - i * 1000,
    actorUserId: people[i % people.length],
    kind: KINDS[i % KINDS.length],
    subject: { type: 'opportunity', id: `c${i.toString(16).padStart(23, '0')}`, label: `Société ${i}` },
    before: 'A faire',
    after: 'Gagné',
  };
}

async function main() {
  const dataDir = tempDir('bench-audit-');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // One process: the figures are one server's, not the cluster's balancing.
  const api = startApi(apiEnv(port, dataDir, { WEB_CONCURRENCY: '1' }));
  await waitForHealth(`${base}/healthz`, api);
  const owner = await ownerWithOrganisation(base, {
    email: 'audit.bench@exemple.fr',
    username: 'Banc Audit',
    organisation: 'Historique volumineux',
  });
  const other = await ownerWithOrganisation(base, {
    email: 'audit.autre@exemple.fr',
    username: 'Autre Organisation',
    organisation: 'Voisine',
  });

  const store = await openApiStore(dataDir);
  const ownerId = await userIdOf(store, 'audit.bench@exemple.fr');
  const people = [
    ownerId,
    ...Array.from({ length: PEOPLE - 1 }, (_, k) => `f${String(k).padStart(23, '0')}`),
  ];
  const top = Date.now();
  const log = store.collection('auditLog');
  const seedStart = performance.now();
  const CHUNK = 5000;
  for (let start = 0; start < RECORDS; start += CHUNK) {
    const docs = [];
    for (let i = start; i < Math.min(RECORDS, start + CHUNK); i += 1)
      docs.push(recordOf(i, owner.organisationId, people, top));
    await log.insertMany(docs);
  }
  for (let start = 0; start < RECORDS / 4; start += CHUNK) {
    const docs = [];
    for (let i = start; i < Math.min(RECORDS / 4, start + CHUNK); i += 1)
      docs.push({
        ...recordOf(i, other.organisationId, [ownerId], top),
        _id: `d${i.toString(16).padStart(23, '0')}`,
      });
    await log.insertMany(docs);
  }
  const seededS = Math.round((performance.now() - seedStart) / 100) / 10;
  await store.close();

  const caller = { token: owner.token, organisationId: owner.organisationId };
  const list = (body) => post(base, '/api/audit/list', { ...caller, limit: 50, ...body });
  const cursorAt = (i) => {
    const record = recordOf(i, owner.organisationId, people, top);
    return { at: record.at, id: record._id };
  };
  // Warm-up: the indexes' pages in the cache, as on a server that has been running.
  for (let i = 0; i < 3; i += 1) await list({});

  const figures = {};
  figures.lightCallMs = await timedMedian(() => post(base, '/api/user/getRoles', caller));
  figures.firstPageMs = await timedMedian(() => list({}));
  figures.pageAtHalfMs = await timedMedian(() => list({ after: cursorAt(Math.floor(RECORDS / 2)) }));
  figures.pageAt99PercentMs = await timedMedian(() => list({ after: cursorAt(Math.floor(RECORDS * 0.99)) }));
  figures.personFirstPageMs = await timedMedian(() => list({ userId: ownerId }));
  figures.personPageAtHalfMs = await timedMedian(() =>
    list({ userId: ownerId, after: cursorAt(Math.floor(RECORDS / 2 / PEOPLE) * PEOPLE) }),
  );
  figures.kindFirstPageMs = await timedMedian(() => list({ kind: 'exported' }));
  figures.kindPageAtHalfMs = await timedMedian(() =>
    list({ kind: 'exported', after: cursorAt(Math.floor(RECORDS / 2 / KINDS.length) * KINDS.length + 3) }),
  );
  const exportStart = performance.now();
  const exported = await post(base, '/api/audit/export', caller);
  figures.export100kMs = Math.round(performance.now() - exportStart);
  figures.exportedRecords = exported.count;
  figures.exportMb = Math.round((Buffer.byteLength(exported.csvString) / 1e6) * 10) / 10;

  const ratios = {
    pageAtHalfOverFirst: Math.round((figures.pageAtHalfMs / figures.firstPageMs) * 100) / 100,
    pageAt99PercentOverFirst: Math.round((figures.pageAt99PercentMs / figures.firstPageMs) * 100) / 100,
    personDeepOverFirst: Math.round((figures.personPageAtHalfMs / figures.personFirstPageMs) * 100) / 100,
    kindDeepOverFirst: Math.round((figures.kindPageAtHalfMs / figures.kindFirstPageMs) * 100) / 100,
    firstPageOverLightCall: Math.round((figures.firstPageMs / figures.lightCallMs) * 100) / 100,
  };
  await stop(api);
  const result = {
    date: new Date().toISOString(),
    records: RECORDS,
    otherOrganisationRecords: RECORDS / 4,
    repeat: REPEAT,
    seededS,
    figures,
    ratios,
    load: { loadavg: os.loadavg().map((value) => Math.round(value * 100) / 100), cpus: os.cpus().length },
    note: 'Machine partagée (2 cœurs, autres sessions actives) : seuls les rapports comptent.',
  };
  console.log(
    `${RECORDS} enregistrements (+ ${RECORDS / 4} d'une autre organisation), écrits en ${seededS} s`,
  );
  for (const [name, value] of Object.entries(figures)) console.log(`  ${name} : ${value}`);
  for (const [name, value] of Object.entries(ratios)) console.log(`  ${name} : ${value} ×`);
  console.log(
    `charge de la machine : ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(', ')}`,
  );
  writeFileSync(resultsFile, `${JSON.stringify(result, null, 2)}\n`);
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(cleanUp);
