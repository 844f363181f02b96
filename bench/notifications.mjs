// What the bell's poll costs the built API (api/dist, embedded SQLite store, full middleware stack):
// a member owning N opportunities, `due` of them follow-ups whose date has come. Measured in one run:
// - the first look, which writes the `due` notifications (once);
// - POST /api/notification/count at 10 clients (each call looks for follow-ups come due since the
//   last look, then counts the unread), against POST /api/user/getRoles (a light member call) and
//   POST /api/round/list (a light call behind the same licence gate), in the same run: the ratios are
//   what counts on a loaded machine;
// - POST /api/agenda/today ("Aujourd'hui": every follow-up due, oldest first, with its prospect).
// Prints the figures; writes bench/results/notifications.json with the machine's load.
// Usage: node bench/notifications.mjs [--opportunities 2000] [--due 500] [--duration 5]
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort, numberOption, post } from './support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');
const apiEntry = path.join(repo, 'api', 'dist', 'index.js');
const resultsFile = path.join(here, 'results', 'notifications.json');

const opportunityCount = numberOption('opportunities', 2000);
const dueCount = Math.min(numberOption('due', 500), opportunityCount);
const durationS = numberOption('duration', 5);
const CLIENTS = 10;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-notifications-'));

async function waitForHealth(url, child, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`l'API s'est arrêtée avant de répondre sur ${url}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`pas de réponse de ${url} après ${timeoutMs} ms`);
}

function postRequest(body) {
  return { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

async function measure(url, body) {
  await autocannon({ url, connections: CLIENTS, duration: 1, ...postRequest(body) });
  const result = await autocannon({ url, connections: CLIENTS, duration: durationS, ...postRequest(body) });
  return {
    requestsPerSec: Math.round(result.requests.average),
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function timed(work) {
  const start = performance.now();
  const value = await work();
  return { value, ms: Math.round(performance.now() - start) };
}

async function main() {
  if (!existsSync(apiEntry)) {
    console.error(
      `API non construite (${path.relative(repo, apiEntry)} absent) : lancez "npm run build:apps".`,
    );
    process.exitCode = 1;
    return;
  }
  const port = await freePort();
  const api = spawn(process.execPath, [apiEntry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      MONGODB_URI: '',
      SMTP_URL: '',
      PASSWORD_HASH_COST: '1024',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(`${base}/healthz`, api);
    const { token } = await post(base, '/api/register', {
      email: 'bench.relances@exemple.fr',
      password: 'Motdepasse1',
      username: 'Banc Relances',
    });
    await post(base, '/api/organisation/create', { token, name: 'Société de mesure', phone: '0102030405' });
    const { organisations } = await post(base, '/api/organisation/get', { token });
    const caller = { token, organisationId: organisations[0]._id };

    console.log(`${opportunityCount} opportunités, dont ${dueCount} relances échues…`);
    const rows = Array.from({ length: opportunityCount }, (_, i) => ({
      'Raison sociale': `Société ${i + 1}`,
      Ville: 'Lyon',
    }));
    const { excelId } = await post(base, '/api/prospect/load', {
      ...caller,
      name: 'Fichier de mesure',
      isPrivate: false,
      value: { prospect: 'Raison sociale', ville: 'Ville' },
      exel: rows,
    });
    const prospects = [];
    for (let offset = 0; offset < opportunityCount; offset += 1000) {
      const { value } = await post(base, '/api/prospect/get/value', {
        ...caller,
        excelId,
        offset,
        limit: 1000,
      });
      prospects.push(...value);
    }
    const ids = [];
    for (const prospect of prospects) {
      const { opportunityId } = await post(base, '/api/opportunity/create', {
        ...caller,
        prospectId: prospect._id,
      });
      ids.push(opportunityId);
    }
    // The first look happens now: the follow-ups set below come due after it.
    await post(base, '/api/notification/count', caller);
    // Each follow-up a few seconds ahead when set (the API refuses a date already past).
    let lastDue = 0;
    for (const [index, opportunityId] of ids.entries()) {
      const date = index < dueCount ? Date.now() + 3_000 : Date.now() + 30 * 86_400_000;
      if (index < dueCount) lastDue = date;
      await post(base, '/api/opportunity/setWaiting', { ...caller, opportunityId, date });
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, lastDue - Date.now() + 100)));

    const firstLook = await timed(() => post(base, '/api/notification/count', caller));
    console.log(`premier regard : ${firstLook.value.unread} notifications écrites en ${firstLook.ms} ms`);
    const agenda = await timed(() => post(base, '/api/agenda/today', caller));
    console.log(`Aujourd'hui : ${agenda.value.items.length} relances en ${agenda.ms} ms`);

    console.log(`${CLIENTS} clients, ${durationS} s par appel…`);
    const count = await measure(`${base}/api/notification/count`, caller);
    const getRoles = await measure(`${base}/api/user/getRoles`, caller);
    const roundList = await measure(`${base}/api/round/list`, caller);
    const gatedRatio = Number((count.requestsPerSec / roundList.requestsPerSec).toFixed(3));
    const agendaLoad = await measure(`${base}/api/agenda/today`, caller);
    const ratio = Number((count.requestsPerSec / getRoles.requestsPerSec).toFixed(3));
    console.log(
      `notification/count : ${count.requestsPerSec} req/s, p50 ${count.latencyMs.p50} ms, p99 ${count.latencyMs.p99} ms`,
    );
    console.log(
      `user/getRoles (référence) : ${getRoles.requestsPerSec} req/s, p50 ${getRoles.latencyMs.p50} ms, p99 ${getRoles.latencyMs.p99} ms`,
    );
    console.log(
      `round/list (référence sous licence) : ${roundList.requestsPerSec} req/s, p50 ${roundList.latencyMs.p50} ms, p99 ${roundList.latencyMs.p99} ms`,
    );
    console.log(`rapport count / getRoles : ${ratio} ; count / round/list : ${gatedRatio}`);
    console.log(
      `agenda/today (${agenda.value.items.length} relances) : ${agendaLoad.requestsPerSec} req/s, p50 ${agendaLoad.latencyMs.p50} ms, p99 ${agendaLoad.latencyMs.p99} ms`,
    );
    const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).map(Number);
    writeFileSync(
      resultsFile,
      `${JSON.stringify(
        {
          measuredAt: new Date().toISOString(),
          machine: {
            cpus: os.cpus().length,
            loadAverage: load,
            note: 'machine partagée, chiffres absolus bruités : lire les rapports',
          },
          opportunities: opportunityCount,
          due: dueCount,
          firstLook: { notificationsWritten: firstLook.value.unread, ms: firstLook.ms },
          clients: CLIENTS,
          durationS,
          notificationCount: count,
          baselineGetRoles: getRoles,
          countOverGetRoles: ratio,
          baselineRoundList: roundList,
          countOverRoundList: gatedRatio,
          agendaToday: { items: agenda.value.items.length, firstCallMs: agenda.ms, ...agendaLoad },
        },
        null,
        2,
      )}\n`,
    );
    console.log(`résultats : ${path.relative(repo, resultsFile)}`);
  } finally {
    api.kill('SIGTERM');
    await new Promise((resolve) => api.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
