// The presence heartbeat ("Aussi ouvert par …", issue 23) against the detail read it sits beside, on
// the built API and its embedded SQLite store, in one run on the same machine: `--calls` sequential
// calls of each, then the same in waves of `--concurrency` at once (many members' heartbeats landing
// together). What counts is the ratio heartbeat / detail read (the machine is shared: absolute
// figures are noisy). Writes bench/results/presence.json with the load (`uptime`) of the run.
// Usage: node bench/presence.mjs [--calls 400] [--concurrency 20]   (the API must be built first)
import { execSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  apiEnv,
  cleanUp,
  freePort,
  numberOption,
  ownerWithOrganisation,
  post,
  quantile,
  repo,
  startApi,
  stop,
  tempDir,
  waitForHealth,
} from './support.mjs';

const CALLS = numberOption('calls', 400);
const CONCURRENCY = numberOption('concurrency', 20);
const resultsFile = path.join(repo, 'bench', 'results', 'presence.json');

async function timed(call) {
  const started = performance.now();
  await call();
  return performance.now() - started;
}

function figures(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const round = (ms) => Math.round(ms * 100) / 100;
  return { calls: sorted.length, p50Ms: round(quantile(sorted, 0.5)), p99Ms: round(quantile(sorted, 0.99)) };
}

async function sequential(call) {
  const times = [];
  for (let i = 0; i < CALLS; i += 1) times.push(await timed(call));
  return figures(times);
}

async function waves(call) {
  const times = [];
  for (let done = 0; done < CALLS; done += CONCURRENCY)
    times.push(...(await Promise.all(Array.from({ length: CONCURRENCY }, () => timed(call)))));
  return figures(times);
}

async function main() {
  const dataDir = tempDir('bench-presence-');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const api = startApi(apiEnv(port, dataDir, { WEB_CONCURRENCY: '1' }));
  try {
    await waitForHealth(`${base}/healthz`, api);
    const caller = await ownerWithOrganisation(base, {
      email: 'presence@exemple.fr',
      username: 'Martin Claire',
      organisation: 'Société Présence',
    });
    const { excelId } = await post(base, '/api/prospect/load', {
      ...caller,
      name: 'Fichier',
      isPrivate: false,
      value: { prospect: 'Raison sociale' },
      exel: [{ 'Raison sociale': 'Boulangerie du Port' }],
    });
    const { value } = await post(base, '/api/prospect/get/value', { ...caller, excelId });
    const { opportunityId } = await post(base, '/api/opportunity/create', {
      ...caller,
      prospectId: value[0]._id,
    });
    const body = { ...caller, opportunityId };
    const detail = () => post(base, '/api/opportunity/get', body);
    const heartbeat = () => post(base, '/api/opportunity/presence', body);
    // Warm both paths (module caches, prepared statements).
    for (let i = 0; i < 20; i += 1) await Promise.all([detail(), heartbeat()]);

    const result = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      load: execSync('uptime').toString().trim(),
      sequential: { detail: await sequential(detail), heartbeat: await sequential(heartbeat) },
      concurrency: CONCURRENCY,
      waves: { detail: await waves(detail), heartbeat: await waves(heartbeat) },
    };
    result.ratios = {
      sequentialP50:
        Math.round((result.sequential.heartbeat.p50Ms / result.sequential.detail.p50Ms) * 100) / 100,
      wavesP99: Math.round((result.waves.heartbeat.p99Ms / result.waves.detail.p99Ms) * 100) / 100,
    };
    console.log(JSON.stringify(result, null, 2));
    writeFileSync(resultsFile, `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await stop(api);
    cleanUp();
  }
}

main().catch((error) => {
  console.error(error);
  cleanUp();
  process.exitCode = 1;
});
