// What an export of the whole list costs the calls users wait for meanwhile (issue 21: 1,000 sessions
// on 2 cores, an export of the owner's 20,000 opportunities every 30 s). Both builds are started at
// once, each on its own copy of the store load.mjs seeded and kept (`--seed-dir`), one process each
// (WEB_CONCURRENCY=1: the export and the calls share one event loop); then rounds alternate between
// them. A round: a member's light call (getAllCount) sent one after another for a while with no export
// (the baseline), then the same while the owner exports the whole list, several times. What the
// export holds the event loop for shows in the light call's slowest answers during it.
// Usage: node bench/export-stall.mjs --seed-dir <dir> [--compare <entry of another build>]
//          [--rounds 3] [--exports 4] [--out <file>]
//   (run `node bench/load.mjs --seed-dir <dir> ...` once first: it seeds and keeps the store there)
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanUp, numberOption, pathOption, post, quantile, seededBuilds, stop } from './support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const seedDir = pathOption('seed-dir', null);
const compareEntry = pathOption('compare', null);
const ROUNDS = numberOption('rounds', 3);
const EXPORTS = numberOption('exports', 4);
/** How long the light call is timed with no export, per round. */
const IDLE_MS = 3000;
const resultsFile = pathOption('out', null) ?? path.join(here, 'results', 'export-stall.json');
const PASSWORD = 'Motdepasse1';

/** The owner (who exports) and a member (whose light calls are timed), signed in on one build. */
async function callersOn(build, seed) {
  const [big] = seed.organisations;
  const login = async (member) => {
    const { token } = await post(build.base, '/api/login', { email: member.email, password: PASSWORD });
    return { token, organisationId: big.organisationId };
  };
  return { owner: await login(big.members[0]), sales: await login(big.members[1]) };
}

async function timedPost(base, route, body) {
  const started = performance.now();
  const res = await fetch(`${base}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' },
    body: JSON.stringify(body),
  });
  const bytes = await res.arrayBuffer();
  if (!res.ok) throw new Error(`${route} : ${res.status}`);
  return { ms: performance.now() - started, bytes: bytes.byteLength };
}

/** The light call's latencies (ms), one after another, until `done()`. */
async function probe(build, caller, done) {
  const latencies = [];
  while (!done()) latencies.push((await timedPost(build.base, '/api/opportunity/getAllCount', caller)).ms);
  return latencies;
}

/** One round on one build: the light call alone, then during EXPORTS exports one after another. */
async function round(build, callers) {
  const idleUntil = performance.now() + IDLE_MS;
  const idle = await probe(build, callers.sales, () => performance.now() >= idleUntil);
  let exporting = true;
  const during = probe(build, callers.sales, () => !exporting);
  const exportMs = [];
  for (let n = 0; n < EXPORTS; n += 1) {
    const { ms } = await timedPost(build.base, '/api/opportunity/export/filter', {
      ...callers.owner,
      filter: { state: 'all' },
      startId: 0,
      endId: Number.MAX_SAFE_INTEGER,
    });
    exportMs.push(ms);
  }
  exporting = false;
  return { idle, during: await during, exportMs };
}

const sorted = (values) => [...values].sort((a, b) => a - b);
const figure = (value) => Number(value.toFixed(1));
const summary = (values) => {
  const all = sorted(values);
  return {
    count: all.length,
    p50Ms: figure(quantile(all, 0.5)),
    p99Ms: figure(quantile(all, 0.99)),
    maxMs: figure(all.at(-1)),
  };
};

async function main() {
  const loadAverageAtStart = os.loadavg();
  const seeded = await seededBuilds(seedDir, compareEntry, {
    WEB_CONCURRENCY: '1',
    RATE_LIMIT_MAX_PER_IP: '100000',
    RATE_LIMIT_MAX_PER_EMAIL: '10000',
  });
  if (!seeded) return;
  const { seed, builds } = seeded;
  const callers = new Map();
  for (const build of builds) {
    callers.set(build, await callersOn(build, seed));
    await round(build, callers.get(build)); // warm-up: lists built, export threads started
  }
  const runs = builds.map(() => ({ idle: [], during: [], exportMs: [] }));
  for (let r = 0; r < ROUNDS; r += 1)
    for (const [index, build] of builds.entries()) {
      const result = await round(build, callers.get(build));
      for (const key of Object.keys(result)) runs[index][key].push(...result[key]);
    }
  const results = builds.map((build, index) => {
    const run = runs[index];
    const idle = summary(run.idle);
    const during = summary(run.during);
    return {
      build: build.label,
      entry: build.entry,
      lightCallAlone: idle,
      lightCallDuringExports: during,
      maxDuringOverP99Alone: figure(during.maxMs / idle.p99Ms),
      exportMs: summary(run.exportMs),
    };
  });
  for (const result of results)
    console.log(
      `${result.build} : getAllCount seul p99 ${result.lightCallAlone.p99Ms} ms ; pendant l’export p50 ` +
        `${result.lightCallDuringExports.p50Ms}, p99 ${result.lightCallDuringExports.p99Ms}, max ` +
        `${result.lightCallDuringExports.maxMs} ms (${result.maxDuringOverP99Alone} × le p99 seul) ; export ` +
        `${result.exportMs.p50Ms} ms (médiane)`,
    );
  mkdirSync(path.dirname(resultsFile), { recursive: true });
  writeFileSync(
    resultsFile,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        node: process.version,
        cpus: os.cpus().length,
        loadAverageAtStart,
        loadAverageAtEnd: os.loadavg(),
        parameters: { rounds: ROUNDS, exportsPerRound: EXPORTS, idleMsPerRound: IDLE_MS, processes: 1 },
        seeded: seed.organisations.map((organisation) => organisation.members.length),
        note: 'un appel léger (getAllCount d’un commercial) enchaîné seul, puis pendant des exports de toute la liste du propriétaire (20 000 opportunités), dans le même processus',
        results,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`Résultats écrits dans ${path.relative(process.cwd(), resultsFile)}`);
  await Promise.all(builds.map((build) => stop(build.child)));
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(cleanUp);
