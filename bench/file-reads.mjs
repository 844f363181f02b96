// A colleague's light calls while others read prospect files (issue 21, load.md "A file's pages in a
// thread"): one API process (WEB_CONCURRENCY=1) over a copy of the store load.mjs seeded and kept
// (`--seed-dir`), `--readers` members in a closed loop each asking a file's page or a search in it
// (the load run's searches and pages of 500), while one more member asks a light call (the statuses)
// every 10 ms. Printed per build: the file reads per second and their p50 / p99, the light call's
// p50 / p99 / max. With `--compare <entry of another build>` both builds run on their own copy, in
// rounds alternating A B B A, so the machine's other work weighs on both alike; the light call's p99
// is compared as a ratio.
// Usage: node bench/file-reads.mjs --seed-dir <dir> [--compare <entry>] [--seconds 20] [--readers 2]
//          [--rounds 2] [--out <file>]
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanUp, cpuMs, numberOption, pathOption, post, quantile, seededBuilds } from './support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const seedDir = pathOption('seed-dir', null);
const compareEntry = pathOption('compare', null);
const SECONDS = numberOption('seconds', 20);
const READERS = numberOption('readers', 2);
const ROUNDS = numberOption('rounds', 2);
const resultsFile = pathOption('out', null) ?? path.join(here, 'results', 'file-reads.json');
const PASSWORD = 'Motdepasse1';
const PROBE_EVERY_MS = 10;
const FILE_READS_ENV = {
  WEB_CONCURRENCY: '1',
  RATE_LIMIT_MAX_PER_IP: '100000',
  RATE_LIMIT_MAX_PER_EMAIL: '10000',
};
const SEARCHES = ['Crèche', 'Marseille', 'societe 12', '59000', 'Restauration', 'contact@societe-7'];

async function send(build, route, body) {
  const started = performance.now();
  const res = await fetch(`${build.base}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${build.label} ${route} : ${res.status}`);
  return performance.now() - started;
}

/** The members the round uses, signed in on one build: readers, and the colleague probing. */
async function membersOn(build, seed) {
  const [big] = seed.organisations;
  const login = async (member) => {
    const { token } = await post(build.base, '/api/login', { email: member.email, password: PASSWORD });
    return { token, organisationId: big.organisationId };
  };
  const readers = [];
  for (let i = 0; i < READERS; i += 1)
    readers.push(await login(big.members[(i % (big.members.length - 1)) + 1]));
  return { readers, colleague: await login(big.members[0]), excelId: big.excelId };
}

/** One round: readers in a closed loop, the colleague every 10 ms, for SECONDS. */
async function round(build, members) {
  const until = performance.now() + SECONDS * 1000;
  const reads = [];
  const probes = [];
  const cpuBefore = cpuMs(build.child.pid);
  const reader = async (caller, offset) => {
    for (let i = offset; performance.now() < until; i += 1) {
      const body =
        i % 2 === 0
          ? { ...caller, excelId: members.excelId, search: SEARCHES[(i / 2) % SEARCHES.length] }
          : { ...caller, excelId: members.excelId, offset: (i % 10) * 500 };
      reads.push(await send(build, '/api/prospect/get/value', body));
    }
  };
  const probe = async () => {
    while (performance.now() < until) {
      const next = performance.now() + PROBE_EVERY_MS;
      probes.push(await send(build, '/api/opportunity/status', members.colleague));
      const wait = next - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  };
  await Promise.all([...members.readers.map((caller, i) => reader(caller, i * 3)), probe()]);
  const cpuS = (cpuMs(build.child.pid) - cpuBefore) / 1000;
  return { reads, probes, cpuS };
}

const summary = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => Number(quantile(sorted, q).toFixed(1));
  return { count: values.length, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: at(1) };
};

async function main() {
  const loadAtStart = os.loadavg();
  const seeded = await seededBuilds(seedDir, compareEntry, FILE_READS_ENV);
  if (!seeded) return;
  const { seed, builds } = seeded;
  const members = new Map();
  for (const build of builds) members.set(build, await membersOn(build, seed));
  // Warm-up: every search and page once (code compiled, threads started, pages cached by SQLite).
  for (const build of builds) {
    const { readers, excelId } = members.get(build);
    for (const search of SEARCHES)
      await send(build, '/api/prospect/get/value', { ...readers[0], excelId, search });
    for (let offset = 0; offset < 5000; offset += 500)
      await send(build, '/api/prospect/get/value', { ...readers[0], excelId, offset });
  }
  const gathered = new Map(builds.map((build) => [build, { reads: [], probes: [], cpuS: 0, seconds: 0 }]));
  const order = [];
  for (let r = 0; r < ROUNDS; r += 1) order.push(...(r % 2 === 0 ? builds : [...builds].reverse()));
  for (const build of order) {
    const result = await round(build, members.get(build));
    const into = gathered.get(build);
    into.reads.push(...result.reads);
    into.probes.push(...result.probes);
    into.cpuS += result.cpuS;
    into.seconds += SECONDS;
    console.log(
      `${build.label} : ${result.reads.length} lectures, appel léger p99 ${summary(result.probes).p99Ms} ms`,
    );
  }
  const results = builds.map((build) => {
    const { reads, probes, cpuS, seconds } = gathered.get(build);
    return {
      build: build.label,
      entry: build.entry,
      readsPerS: Number((reads.length / seconds).toFixed(1)),
      reads: summary(reads),
      lightCall: summary(probes),
      apiCpuPct: Math.round((100 * cpuS) / seconds),
    };
  });
  console.log('\nversion         lectures/s  lecture p50/p99 (ms)  appel léger p50/p99/max (ms)  CPU API');
  for (const one of results)
    console.log(
      `${one.build.padEnd(15)} ${String(one.readsPerS).padStart(10)}  ${`${one.reads.p50Ms}/${one.reads.p99Ms}`.padStart(20)}  ${`${one.lightCall.p50Ms}/${one.lightCall.p99Ms}/${one.lightCall.maxMs}`.padStart(28)}  ${one.apiCpuPct} %`,
    );
  const ratio =
    results.length === 2
      ? Number((results[0].lightCall.p99Ms / results[1].lightCall.p99Ms).toFixed(2))
      : null;
  if (ratio !== null) console.log(`Appel léger p99, cette version / comparée : ${ratio}`);
  writeFileSync(
    resultsFile,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        node: process.version,
        cpus: os.availableParallelism(),
        loadAverageAtStart: loadAtStart,
        loadAverageAtEnd: os.loadavg(),
        parameters: {
          seconds: SECONDS,
          readers: READERS,
          rounds: ROUNDS,
          probeEveryMs: PROBE_EVERY_MS,
          searches: SEARCHES,
        },
        results,
        lightCallP99Ratio: ratio,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`Résultats écrits dans ${path.relative(process.cwd(), resultsFile)}`);
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(cleanUp);
