// Throughput and latency of the built API (api/dist, embedded SQLite store, full middleware stack) as
// shipped against one bare Express process, in one run on the same machine, loopback only, at 10 and
// 50 clients, the load generator (autocannon) on the same machine:
// - the API as `npm start` runs it: WEB_CONCURRENCY unset (one process per core, node:cluster), request
//   logs at `info` (to a file, as a service manager keeps them);
// - the API with WEB_CONCURRENCY=1 (one process, as before issue 21), same logs;
// - bare Express: one process, no logs;
// on GET /healthz (against a bare GET route) and POST /api/organisation/getUsers (session lookup,
// membership, role, permission, reply built from the store; against a bare POST route that parses the
// same JSON body and answers a small JSON object). The machine's load (`uptime`) is recorded: ratios
// measured in the same run are what count. Prints the figures and ratios; writes bench/results/api.json.
// --compare <api/dist/index.js of another build>: that build is measured too, as shipped and with one
// process, in the same rounds (before/after a change, under the same load).
// Usage: node bench/api.mjs [--duration 5] [--rounds 3] [--compare <entry>]   (the API must be built first)
import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  apiBuilt,
  apiEntry,
  apiRequire,
  cleanUp,
  cpuMs,
  freePort,
  numberOption,
  ownerWithOrganisation,
  pathOption,
  repo,
  startNode,
  stop,
  tempDir,
  waitForHealth,
} from './support.mjs';

const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();

const resultsFile = path.join(repo, 'bench', 'results', 'api.json');

const durationS = numberOption('duration', 5);
const roundCount = numberOption('rounds', 3);
const compareEntry = pathOption('compare', null);
const CLIENTS = [10, 50];
const warmupS = 1;

const dataDir = tempDir('bench-api-');

/** Resolves once `file` holds `text` (the cluster's primary logs when every worker listens). */
async function waitForLine(file, text, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`l'API s'est arrêtée avant d'écouter`);
    if (readFileSync(file, 'utf8').includes(text)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`« ${text} » absent de ${file} après ${timeoutMs} ms`);
}

async function measure(url, connections, request = {}, pid) {
  await autocannon({ url, connections, duration: warmupS, ...request });
  const cpuBefore = pid ? cpuMs(pid) : 0;
  const generatorBefore = process.cpuUsage();
  const result = await autocannon({ url, connections, duration: durationS, ...request });
  const generator = process.cpuUsage(generatorBefore);
  const perRequest = (us) => Math.round(us / Math.max(1, result.requests.total));
  const serverCpuUsPerRequest = pid ? perRequest((cpuMs(pid) - cpuBefore) * 1000) : undefined;
  return {
    requestsPerSec: Math.round(result.requests.average),
    serverCpuUsPerRequest,
    // The load generator (autocannon, in this process) shares the same cores: its CPU per request.
    generatorCpuUsPerRequest: perRequest(generator.user + generator.system),
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

// The bare server: the same express package the API uses, one route, nothing else.
const bareExpressSource = `
const express = require(${JSON.stringify(apiRequire.resolve('express'))});
const app = express();
app.get('/healthz', (_req, res) => res.json({ status: 'ok' }));
app.post('/api/echo', express.json(), (req, res) => res.json({ ok: typeof req.body.token === 'string' }));
const server = app.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

/** A signed-in member of one organisation: the body of the organisation-scoped call. */
function seedCaller(base) {
  return ownerWithOrganisation(base, {
    email: 'bench@exemple.fr',
    username: 'Banc Mesure',
    organisation: 'Société de mesure',
  });
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

/** The built API on a fresh DATA_DIR with `env` on top, its logs in a file; resolves once every worker listens. */
async function startApi(label, env, entry = apiEntry) {
  const port = await freePort();
  const dir = mkdtempSync(path.join(dataDir, 'store-'));
  const logFile = path.join(dir, 'api.log');
  const log = openSync(logFile, 'w');
  const child = startNode(
    label,
    [entry],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      NODE_ENV: 'production',
      MONGODB_URI: '',
      SMTP_URL: '',
      LOG_LEVEL: '',
      WEB_CONCURRENCY: '',
      PASSWORD_HASH_COST: '1024',
      ...env,
    },
    log,
  );
  closeSync(log);
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(`${base}/healthz`, child, 90_000);
  const workers = Number(env.WEB_CONCURRENCY || os.availableParallelism());
  if (workers > 1) await waitForLine(logFile, `${workers} processus à l’écoute`, child);
  return { child, base, workers };
}

async function measureApi(label, env, entry) {
  const api = await startApi(label, env, entry);
  const caller = await seedCaller(api.base);
  const results = {};
  for (const clients of CLIENTS) {
    console.log(`${label}, ${clients} clients…`);
    results[clients] = {
      healthz: await measure(`${api.base}/healthz`, clients, {}, api.child.pid),
      getUsers: await measure(
        `${api.base}/api/organisation/getUsers`,
        clients,
        postRequest(caller),
        api.child.pid,
      ),
    };
  }
  await stop(api.child);
  return { workers: api.workers, results };
}

async function measureBare() {
  const barePort = await freePort();
  const bare = startNode('Express nu', ['-e', bareExpressSource], {
    PORT: String(barePort),
    NODE_ENV: 'production',
  });
  const bareBase = `http://127.0.0.1:${barePort}`;
  await waitForHealth(`${bareBase}/healthz`, bare, 15_000);
  const results = {};
  for (const clients of CLIENTS) {
    console.log(`Express nu, ${clients} clients…`);
    results[clients] = {
      healthz: await measure(`${bareBase}/healthz`, clients, {}, bare.pid),
      post: await measure(
        `${bareBase}/api/echo`,
        clients,
        postRequest({ token: 'x'.repeat(43), organisationId: 'y'.repeat(24) }),
        bare.pid,
      ),
    };
  }
  await stop(bare);
  return results;
}

function compared(api, bare) {
  return { api, bareExpress: bare, ratio: ratioOf(api, bare), cpuRatio: cpuRatioOf(api, bare) };
}

async function main() {
  if (!apiBuilt()) return;
  const loadBefore = os.loadavg();
  const uptimeBefore = uptime();
  // Rounds, each measuring the three side by side (bare Express between the two API runs), so that a
  // change of the machine's load shows in every ratio of its round; the summary takes the medians.
  const rounds = [];
  let shippedWorkers = 0;
  for (let round = 1; round <= roundCount; round += 1) {
    console.log(`Tour ${round}/${roundCount}`);
    const shipped = await measureApi('API livrée (WEB_CONCURRENCY par défaut)', {});
    const bareResults = await measureBare();
    const oneProcess = await measureApi('API, WEB_CONCURRENCY=1', { WEB_CONCURRENCY: '1' });
    const compare = compareEntry
      ? {
          shipped: await measureApi('Build comparée, livrée', {}, compareEntry),
          oneProcess: await measureApi(
            'Build comparée, WEB_CONCURRENCY=1',
            { WEB_CONCURRENCY: '1' },
            compareEntry,
          ),
        }
      : null;
    shippedWorkers = shipped.workers;
    rounds.push({
      round,
      uptime: uptime(),
      runs: CLIENTS.map((clients) => ({
        clients,
        healthz: {
          bareExpress: bareResults[clients].healthz,
          shipped: compared(shipped.results[clients].healthz, bareResults[clients].healthz),
          oneProcess: compared(oneProcess.results[clients].healthz, bareResults[clients].healthz),
        },
        organisationCall: {
          endpoint: 'POST /api/organisation/getUsers',
          baseline: 'POST /api/echo (express.json + JSON reply), one bare Express process',
          bareExpress: bareResults[clients].post,
          shipped: compared(shipped.results[clients].getUsers, bareResults[clients].post),
          oneProcess: compared(oneProcess.results[clients].getUsers, bareResults[clients].post),
          ...(compare
            ? {
                compareShipped: compared(
                  compare.shipped.results[clients].getUsers,
                  bareResults[clients].post,
                ),
                compareOneProcess: compared(
                  compare.oneProcess.results[clients].getUsers,
                  bareResults[clients].post,
                ),
              }
            : {}),
        },
      })),
    });
  }
  const median = (values) => {
    const sorted = [...values].sort((x, y) => x - y);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  };
  const summary = CLIENTS.map((clients, index) => {
    const of = (pick) => median(rounds.map((round) => pick(round.runs[index])));
    const sideOf = (endpoint, side) => ({
      ratio: Number(of((run) => run[endpoint][side].ratio).toFixed(3)),
      cpuRatio: Number(of((run) => run[endpoint][side].cpuRatio).toFixed(3)),
      requestsPerSec: of((run) => run[endpoint][side].api.requestsPerSec),
      p99Ms: of((run) => run[endpoint][side].api.latencyMs.p99),
      serverCpuUsPerRequest: of((run) => run[endpoint][side].api.serverCpuUsPerRequest),
      generatorCpuUsPerRequest: of((run) => run[endpoint][side].api.generatorCpuUsPerRequest),
    });
    return {
      clients,
      organisationCall: {
        bareExpress: {
          requestsPerSec: of((run) => run.organisationCall.bareExpress.requestsPerSec),
          p99Ms: of((run) => run.organisationCall.bareExpress.latencyMs.p99),
          serverCpuUsPerRequest: of((run) => run.organisationCall.bareExpress.serverCpuUsPerRequest),
          generatorCpuUsPerRequest: of((run) => run.organisationCall.bareExpress.generatorCpuUsPerRequest),
        },
        shipped: sideOf('organisationCall', 'shipped'),
        oneProcess: sideOf('organisationCall', 'oneProcess'),
        ...(compareEntry
          ? {
              compareShipped: sideOf('organisationCall', 'compareShipped'),
              compareOneProcess: sideOf('organisationCall', 'compareOneProcess'),
            }
          : {}),
      },
      healthz: { shipped: sideOf('healthz', 'shipped'), oneProcess: sideOf('healthz', 'oneProcess') },
    };
  });

  const report = {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'inconnu',
    machineLoad: {
      uptimeBefore,
      uptimeAfter: uptime(),
      loadAverageBefore: loadBefore,
      loadAverageAfter: os.loadavg(),
    },
    store: 'sqlite',
    ...(compareEntry ? { compared: path.relative(repo, compareEntry) } : {}),
    shippedWorkers,
    logs: 'API: LOG_LEVEL unset (info, one line per request, to a file); bare Express: none',
    durationS,
    warmupS,
    targets: {
      atClients: 50,
      shipped: { organisationCallRatio: 0.75, p99Ms: 50 },
      oneProcess: { organisationCallRatio: 0.5 },
    },
    rounds: roundCount,
    summary,
    perRound: rounds,
  };
  mkdirSync(path.dirname(resultsFile), { recursive: true });
  writeFileSync(resultsFile, `${JSON.stringify(report, null, 2)}\n`);

  console.log('');
  console.log(`Charge de la machine : ${uptimeBefore} → ${report.machineLoad.uptimeAfter}`);
  console.log(`Médianes sur ${roundCount} tours (rapports au même tour) :`);
  for (const entry of summary) {
    const call = entry.organisationCall;
    console.log(
      `${entry.clients} clients — POST /api/organisation/getUsers : Express nu ${call.bareExpress.requestsPerSec} req/s (p99 ${call.bareExpress.p99Ms} ms)`,
    );
    for (const [name, side] of [
      [`API livrée (${shippedWorkers} processus)`, call.shipped],
      ['API, 1 processus', call.oneProcess],
      ...(compareEntry
        ? [
            ['Build comparée, livrée', call.compareShipped],
            ['Build comparée, 1 processus', call.compareOneProcess],
          ]
        : []),
    ])
      console.log(
        `  ${name} : ${side.requestsPerSec} req/s (p99 ${side.p99Ms} ms), rapport ${side.ratio}, rapport CPU ${side.cpuRatio}`,
      );
  }
  console.log(`Résultats écrits dans ${path.relative(repo, resultsFile)}`);
  const failed = rounds.some((round) =>
    round.runs.some((run) =>
      [run.healthz, run.organisationCall].some((entry) =>
        [entry.bareExpress, entry.shipped.api, entry.oneProcess.api].some(
          (side) => side.errors + side.non2xx > 0,
        ),
      ),
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
