// Throughput of GET /healthz on the built API (api/dist, full middleware stack: pino-http, helmet,
// static site router) against a bare Express app with one trivial route, measured in one run on the
// same machine, loopback only. Prints both figures and their ratio; writes bench/results/api.json.
// Usage: node bench/api.mjs [--duration 5] [--connections 10]   (the API must be built first)
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');
const apiEntry = path.join(repo, 'api', 'dist', 'index.js');
const resultsFile = path.join(here, 'results', 'api.json');

function option(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  const value = index === -1 ? undefined : Number(process.argv[index + 1]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}
const durationS = option('duration', 5);
const connections = option('connections', 10);
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

/** A free loopback port (asked of the OS, then released for the child to take). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

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

async function measure(url) {
  await autocannon({ url, connections, duration: warmupS });
  const result = await autocannon({ url, connections, duration: durationS });
  return {
    requestsPerSec: Math.round(result.requests.average),
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
const server = app.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

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
  });
  const apiUrl = `http://127.0.0.1:${apiPort}/healthz`;
  await waitForHealth(apiUrl, api);
  console.log(`API construite : ${durationS} s, ${connections} connexions sur ${apiUrl}`);
  const apiResult = await measure(apiUrl);
  await stop(api);

  const barePort = await freePort();
  const bare = start('Express nu', ['-e', bareExpressSource], {
    PORT: String(barePort),
    NODE_ENV: 'production',
  });
  const bareUrl = `http://127.0.0.1:${barePort}/healthz`;
  await waitForHealth(bareUrl, bare);
  console.log(`Express nu : ${durationS} s, ${connections} connexions sur ${bareUrl}`);
  const bareResult = await measure(bareUrl);
  await stop(bare);

  const ratio = Number((apiResult.requestsPerSec / bareResult.requestsPerSec).toFixed(3));
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'inconnu',
    durationS,
    warmupS,
    connections,
    endpoint: 'GET /healthz',
    api: apiResult,
    bareExpress: bareResult,
    ratio,
  };
  mkdirSync(path.dirname(resultsFile), { recursive: true });
  writeFileSync(resultsFile, `${JSON.stringify(report, null, 2)}\n`);

  console.log('');
  console.log(
    `GET /healthz — API complète : ${apiResult.requestsPerSec} req/s (p99 ${apiResult.latencyMs.p99} ms)`,
  );
  console.log(
    `GET /healthz — Express nu   : ${bareResult.requestsPerSec} req/s (p99 ${bareResult.latencyMs.p99} ms)`,
  );
  console.log(`Rapport API / Express nu    : ${ratio} (${Math.round(ratio * 100)} %)`);
  console.log(`Résultats écrits dans ${path.relative(repo, resultsFile)}`);
  if (apiResult.errors + apiResult.non2xx + bareResult.errors + bareResult.non2xx > 0) {
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
