// What each call of the load run (load.mjs) costs the API in CPU, for this build and another one in the
// same run (issue 21: 1,000 sessions on 2 cores). Both builds are started at once, each on its own copy
// of the store load.mjs seeded and kept (`--seed-dir`), one process each (WEB_CONCURRENCY=1, so the CPU
// read from /proc is the calls'); then, call kind by call kind, rounds of calls alternate between the two
// builds, so the machine's other work weighs on both alike.
// Each kind is measured twice: "unchanged", the same call repeated while nothing is written (what
// per-process caches give at best), and "after a write", each call preceded by a comment written by
// another member of the other organisation (in the load run, 1,000 sessions write about 30 times a second,
// so most calls follow a write); the write's own cost, measured alone, is taken off.
// Usage: node bench/load-calls.mjs --seed-dir <dir> [--compare <entry of another build>] [--calls 150]
//          [--rounds 3] [--only <part of a call kind>] [--out <file>]
//   (run `node bench/load.mjs --seed-dir <dir> ...` once first: it seeds and keeps the store there)
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanUp, cpuMs, numberOption, pathOption, post, repo, seededBuilds, stop } from './support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const seedDir = pathOption('seed-dir', null);
const compareEntry = pathOption('compare', null);
const CALLS = numberOption('calls', 150);
const ROUNDS = numberOption('rounds', 3);
/** `--only <text>`: the call kinds whose name holds it (a short A/B of one call). */
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : null;
const resultsFile = pathOption('out', null) ?? path.join(here, 'results', 'load-calls.json');
const PASSWORD = 'Motdepasse1';
const LOAD_ENV = {
  WEB_CONCURRENCY: '1',
  RATE_LIMIT_MAX_PER_IP: '100000',
  RATE_LIMIT_MAX_PER_EMAIL: '10000',
  TRIAL_LICENCES: '13',
};

/** The callers and ids the calls use, signed in on one build. */
async function sessionsOn(build, seed) {
  const [big, small] = seed.organisations;
  const login = async (organisation, member) => {
    const { token } = await post(build.base, '/api/login', { email: member.email, password: PASSWORD });
    return { token, organisationId: organisation.organisationId };
  };
  const owner = await login(big, big.members[0]);
  const sales = await login(big, big.members[1]);
  const writer = await login(small, small.members[1]);
  const windowOf = await post(build.base, '/api/opportunity/listWindow', {
    ...owner,
    filter: { state: 'todo' },
    sort: 'desc',
    startId: 0,
    endId: 50,
  });
  const salesPage = await post(build.base, '/api/opportunity/getwithfilter', {
    ...sales,
    filter: { state: 'todo' },
    startId: 0,
    endId: 500,
  });
  const writerPage = await post(build.base, '/api/opportunity/getwithfilter', {
    ...writer,
    filter: { state: 'all' },
    startId: 0,
    endId: 500,
  });
  const { status } = await post(build.base, '/api/opportunity/status', owner);
  const writerStatuses = await post(build.base, '/api/opportunity/status', writer);
  return {
    owner,
    sales,
    writer,
    ownerIds: windowOf.opportunitys.map((card) => card._id),
    salesIds: salesPage.opportunitys.map((card) => card._id),
    writerIds: writerPage.opportunitys.map((card) => card._id),
    statusIds: status.map((entry) => entry._id),
    writerStatusIds: writerStatuses.status.map((entry) => entry._id),
    excelId: big.excelId,
  };
}

const pick = (items, i) => items[i % items.length];
/** load.mjs's searches: four that keep rows of the 20,000-row file, two that keep none. */
const SEARCHES = ['Crèche', 'Marseille', 'societe 12', '59000', 'Restauration', 'contact@societe-7'];
const MESSAGE = 'Rappelé ce matin, intéressé par une offre à l’année.';

/** The calls of load.mjs's session model, as (session, i) → [route, body]. */
const KINDS = {
  verify: (s) => ['/api/verify', { token: s.sales.token }],
  'organisation/get': (s) => ['/api/organisation/get', { token: s.sales.token }],
  'getAllCount (propriétaire)': (s) => ['/api/opportunity/getAllCount', s.owner],
  'getAllCount (commercial)': (s) => ['/api/opportunity/getAllCount', s.sales],
  'listWindow (propriétaire, todo)': (s) => [
    '/api/opportunity/listWindow',
    { ...s.owner, filter: { state: 'todo' }, sort: 'desc', startId: 0, endId: 50 },
  ],
  'getwithfilter (commercial, todo, page 1)': (s) => [
    '/api/opportunity/getwithfilter',
    { ...s.sales, filter: { state: 'todo' }, startId: 0, endId: 500 },
  ],
  'getwithfilter (propriétaire, todo, page 2)': (s) => [
    '/api/opportunity/getwithfilter',
    { ...s.owner, filter: { state: 'todo' }, startId: 500, endId: 1000 },
  ],
  'getwithfilter (propriétaire, all, page 1)': (s) => [
    '/api/opportunity/getwithfilter',
    { ...s.owner, filter: { state: 'all' }, startId: 0, endId: 500 },
  ],
  'opportunity/get (propriétaire)': (s, i) => [
    '/api/opportunity/get',
    { ...s.owner, opportunityId: pick(s.ownerIds, i) },
  ],
  'opportunity/get (commercial)': (s, i) => [
    '/api/opportunity/get',
    { ...s.sales, opportunityId: pick(s.salesIds, i) },
  ],
  status: (s) => ['/api/opportunity/status', s.sales],
  'messages/post': (s, i) => [
    '/api/messages/post',
    { ...s.sales, opportunityId: pick(s.salesIds, i), statusId: pick(s.statusIds, i), message: MESSAGE },
  ],
  setWin: (s, i) => ['/api/opportunity/setWin', { ...s.sales, opportunityId: pick(s.salesIds, i + 7) }],
  'prospect/get/all': (s) => ['/api/prospect/get/all', s.sales],
  'prospect/get/value': (s, i) => [
    '/api/prospect/get/value',
    { ...s.sales, excelId: s.excelId, offset: (i % 10) * 500 },
  ],
  'prospect/get/value (recherche)': (s, i) => [
    '/api/prospect/get/value',
    { ...s.sales, excelId: s.excelId, search: pick(SEARCHES, i) },
  ],
};
/** The write made before each call of the "after a write" rounds: another organisation's comment. */
const churn = (s, i) => [
  '/api/messages/post',
  {
    ...s.writer,
    opportunityId: pick(s.writerIds, i),
    statusId: pick(s.writerStatusIds, 0),
    message: MESSAGE,
  },
];

async function send(build, [route, body]) {
  const res = await fetch(`${build.base}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${build.label} ${route} : ${res.status}`);
}

/** CPU µs per call of `CALLS` rounds of `calls(i)` (each a list of calls sent one after another). */
async function cpuPerCall(build, calls) {
  const before = cpuMs(build.child.pid);
  for (let i = 0; i < CALLS; i += 1) for (const one of calls(i)) await send(build, one);
  return ((cpuMs(build.child.pid) - before) * 1000) / CALLS;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const uptimeAtStart = os.loadavg();
  const seeded = await seededBuilds(seedDir, compareEntry, LOAD_ENV);
  if (!seeded) return;
  const { seed, builds } = seeded;
  const sessions = new Map();
  for (const build of builds) sessions.set(build, await sessionsOn(build, seed));
  // Warm-up: every kind once on each build (code compiled, per-process lists built).
  for (const build of builds)
    for (const make of Object.values(KINDS)) await send(build, make(sessions.get(build), 0));

  const results = {};
  const writeAlone = builds.map(() => []);
  // Per round and build: the calls alone, the write alone, then each call after a write; the write's
  // cost is taken off in the same round (same conditions).
  for (const [kind, make] of Object.entries(KINDS).filter(([name]) => !only || name.includes(only))) {
    const unchanged = builds.map(() => []);
    const afterWrite = builds.map(() => []);
    for (let round = 0; round < ROUNDS; round += 1)
      for (const [index, build] of builds.entries()) {
        const s = sessions.get(build);
        const from = round * CALLS;
        unchanged[index].push(await cpuPerCall(build, (i) => [make(s, from + i)]));
        const churnUs = await cpuPerCall(build, (i) => [churn(s, from + i)]);
        writeAlone[index].push(churnUs);
        afterWrite[index].push(
          (await cpuPerCall(build, (i) => [churn(s, from + i), make(s, from + i)])) - churnUs,
        );
      }
    results[kind] = builds.map((build, index) => ({
      build: build.label,
      unchangedUs: Math.round(median(unchanged[index])),
      afterWriteUs: Math.round(median(afterWrite[index])),
    }));
    console.log(
      `${kind.padEnd(44)}${results[kind]
        .map((entry) => `${entry.build} : ${entry.unchangedUs} µs / ${entry.afterWriteUs} µs après écriture`)
        .join('   ')}`,
    );
  }
  const churnOnly = writeAlone.map((values) => median(values));
  for (const build of builds) await stop(build.child);
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    loadAverageAtStart: uptimeAtStart.map((load) => Number(load.toFixed(2))),
    loadAverageAtEnd: os.loadavg().map((load) => Number(load.toFixed(2))),
    builds: builds.map((build) => ({ label: build.label, entry: build.entry })),
    parameters: { callsPerRound: CALLS, rounds: ROUNDS, processes: 1 },
    note: 'CPU de l’API par appel (µs, médiane des tours), lu dans /proc (pas de 10 ms) ; « après écriture » : chaque appel suit un commentaire écrit dans l’autre organisation, dont le coût mesuré seul est retiré',
    writeAloneUs: builds.map((build, index) => ({ build: build.label, us: Math.round(churnOnly[index]) })),
    calls: results,
  };
  mkdirSync(path.dirname(resultsFile), { recursive: true });
  writeFileSync(resultsFile, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`Résultats écrits dans ${path.relative(repo, resultsFile)}`);
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(cleanUp);
