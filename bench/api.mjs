// Throughput and latency of the built API (api/dist, embedded SQLite store, full middleware stack)
// against a bare Express app, in one run on the same machine, loopback only, at 10 and 50 clients:
// - GET /healthz against a bare GET route;
// - POST /api/organisation/getUsers (session lookup, membership, role, permission, reply built from the
//   store) against a bare POST route that parses the same JSON body and answers a small JSON object.
// Prints the figures and their ratios; writes bench/results/api.json.
// Usage: node bench/api.mjs [--duration 5]   (the API must be built first)
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort, numberOption, post } from './support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');
const apiEntry = path.join(repo, 'api', 'dist', 'index.js');
const resultsFile = path.join(here, 'results', 'api.json');

const durationS = numberOption('duration', 5);
const CLIENTS = [10, 50];
const warmupS = 1;

const children = new Set();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));

function cleanUp() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
process.on('SIGINT', () => {
  cleanUp();
  process.exit(130);
});

function start(label, args, env) {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (code && code !== 0)
      console.error(`${label} s'est arrêté (code ${code}${signal ? `, ${signal}` : ''})\n${stderr}`);
  });
  children.add(child);
  return child;
}

async function waitForHealth(url, child, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`le serveur s'est arrêté avant de répondre sur ${url}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`pas de réponse de ${url} après ${timeoutMs} ms`);
}

function stop(child) {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** CPU time (user + system, ms) a process has used: per request, it stays meaningful on a busy machine. */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

async function measure(url, connections, request = {}, pid) {
  await autocannon({ url, connections, duration: warmupS, ...request });
  const cpuBefore = pid ? cpuMs(pid) : 0;
  const result = await autocannon({ url, connections, duration: durationS, ...request });
  const serverCpuUsPerRequest = pid
    ? Math.round(((cpuMs(pid) - cpuBefore) * 1000) / Math.max(1, result.requests.total))
    : undefined;
  return {
    requestsPerSec: Math.round(result.requests.average),
    serverCpuUsPerRequest,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

// The bare server: the same express package the API uses, one route, nothing else.
const bareExpressSource = `
const express = require(${JSON.stringify(createRequire(path.join(repo, 'api', 'package.json')).resolve('express'))});
const app = express();
app.get('/healthz', (_req, res) => res.json({ status: 'ok' }));
app.post('/api/echo', express.json(), (req, res) => res.json({ ok: typeof req.body.token === 'string' }));
const server = app.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

/** A signed-in member of one organisation: the body of the organisation-scoped call. */
async function seedCaller(base) {
  const { token } = await post(base, '/api/register', {
    email: 'bench@exemple.fr',
    password: 'Motdepasse1',
    username: 'Banc Mesure',
  });
  await post(base, '/api/organisation/create', { token, name: 'Société de mesure', phone: '0102030405' });
  const { organisations } = await post(base, '/api/organisation/get', { token });
  return { token, organisationId: organisations[0]._id };
}

function postRequest(body) {
  return { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

/** Bare Express's CPU per request over the API's: the throughput ratio on an otherwise idle machine. */
function cpuRatioOf(api, bare) {
  return Number((bare.serverCpuUsPerRequest / api.serverCpuUsPerRequest).toFixed(3));
}

function ratioOf(api, bare) {
  return Number((api.requestsPerSec / bare.requestsPerSec).toFixed(3));
}

async function main() {
  if (!existsSync(apiEntry)) {
    console.error(
      `API non construite (${path.relative(repo, apiEntry)} absent) : lancez "npm run build" d'abord.`,
    );
    process.exitCode = 1;
    return;
  }

  const apiPort = await freePort();
  const api = start('API', [apiEntry], {
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    MONGODB_URI: '',
    SMTP_URL: '',
    PASSWORD_HASH_COST: '1024',
  });
  const apiBase = `http://127.0.0.1:${apiPort}`;
  await waitForHealth(`${apiBase}/healthz`, api);
  const caller = await seedCaller(apiBase);
  const apiResults = {};
  for (const clients of CLIENTS) {
    console.log(`API construite, ${clients} clients…`);
    apiResults[clients] = {
      healthz: await measure(`${apiBase}/healthz`, clients, {}, api.pid),
      getUsers: await measure(`${apiBase}/api/organisation/getUsers`, clients, postRequest(caller), api.pid),
    };
  }
  await stop(api);

  const barePort = await freePort();
  const bare = start('Express nu', ['-e', bareExpressSource], {
    PORT: String(barePort),
    NODE_ENV: 'production',
  });
  const bareBase = `http://127.0.0.1:${barePort}`;
  await waitForHealth(`${bareBase}/healthz`, bare);
  const bareResults = {};
  for (const clients of CLIENTS) {
    console.log(`Express nu, ${clients} clients…`);
    bareResults[clients] = {
      healthz: await measure(`${bareBase}/healthz`, clients, {}, bare.pid),
      post: await measure(`${bareBase}/api/echo`, clients, postRequest(caller), bare.pid),
    };
  }
  await stop(bare);

  const runs = CLIENTS.map((clients) => ({
    clients,
    healthz: {
      api: apiResults[clients].healthz,
      bareExpress: bareResults[clients].healthz,
      ratio: ratioOf(apiResults[clients].healthz, bareResults[clients].healthz),
      cpuRatio: cpuRatioOf(apiResults[clients].healthz, bareResults[clients].healthz),
    },
    organisationCall: {
      endpoint: 'POST /api/organisation/getUsers',
      baseline: 'POST /api/echo (express.json + JSON reply)',
      api: apiResults[clients].getUsers,
      bareExpress: bareResults[clients].post,
      ratio: ratioOf(apiResults[clients].getUsers, bareResults[clients].post),
      cpuRatio: cpuRatioOf(apiResults[clients].getUsers, bareResults[clients].post),
    },
  }));
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'inconnu',
    store: 'sqlite',
    durationS,
    warmupS,
    targets: { organisationCallRatio: 0.5, p99Ms: 50, atClients: 50 },
    runs,
  };
  mkdirSync(path.dirname(resultsFile), { recursive: true });
  writeFileSync(resultsFile, `${JSON.stringify(report, null, 2)}\n`);

  console.log('');
  for (const run of runs) {
    for (const [label, entry] of [
      ['GET /healthz', run.healthz],
      ['POST /api/organisation/getUsers', run.organisationCall],
    ]) {
      console.log(
        `${run.clients} clients — ${label} : API ${entry.api.requestsPerSec} req/s (p50 ${entry.api.latencyMs.p50} ms, p99 ${entry.api.latencyMs.p99} ms), Express nu ${entry.bareExpress.requestsPerSec} req/s (p99 ${entry.bareExpress.latencyMs.p99} ms), rapport ${entry.ratio} ; CPU par requête ${entry.api.serverCpuUsPerRequest} µs contre ${entry.bareExpress.serverCpuUsPerRequest} µs (rapport ${entry.cpuRatio})`,
      );
    }
  }
  console.log(`Résultats écrits dans ${path.relative(repo, resultsFile)}`);
  const failed = runs.some((run) =>
    [run.healthz, run.organisationCall].some(
      (entry) =>
        entry.api.errors + entry.api.non2xx + entry.bareExpress.errors + entry.bareExpress.non2xx > 0,
    ),
  );
  if (failed) {
    console.error('Attention : des requêtes ont échoué pendant la mesure.');
    process.exitCode = 1;
  }
}

main()
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(cleanUp);
