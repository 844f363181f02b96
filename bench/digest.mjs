// The morning e-mails at scale, against the built API (api/dist, embedded SQLite store, real SMTP):
// one organisation of 100,000 opportunities shared by 1,000 licensed members (each with 10 follow-ups
// due today, 10 overdue, 10 renewals in the next 7 days among their 100), the API serving list calls
// (POST /api/opportunity/getwithfilter, first page of 500 of the whole organisation's TODO list, 4
// clients, each calling again 100 ms after its answer) the whole time. In the same run:
// - baseline: the list calls' latency for 20 s while the day is marked done (no e-mail to build);
// - then the day's marker is removed: the API's minute check builds and sends the 1,000 e-mails to an
//   in-process SMTP server (smtp-server) while the list calls go on. The run's length is the server's
//   own (startedAt → doneAt of the day's marker, `digestDays`); the list calls started inside that
//   window give the "during" latency.
// Targets (issue 20): build ≤ 60 s; p99 of the list calls during the run ≤ 2 × without it.
// The machine is shared: the load average and `uptime` are written with the figures.
// Usage: node bench/digest.mjs [--members 1000] [--opportunities 100000] [--baseline 20] [--cpu-prof <dir>]
//   (after npx turbo run build --filter=@app/api)
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, numberOption, pathOption, post, quantile } from './support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');
const apiEntry = path.join(repo, 'api', 'dist', 'index.js');
const resultsFile = path.join(here, 'results', 'digest.json');
const require = createRequire(path.join(repo, 'api', 'package.json'));

const MEMBERS = numberOption('members', 1000);
const OPPORTUNITIES = numberOption('opportunities', 100_000);
const BASELINE_S = numberOption('baseline', 20);
const cpuProfDir = pathOption('cpu-prof', 'cpu-profiles');
const CLIENTS = 4;
/**
 * Each client waits this long after an answer: a busy office (up to 40 list calls a second), not a
 * saturated API, whose event loop every e-mail's SMTP exchange would otherwise queue behind.
 */
const CADENCE_MS = 100;
const CHUNK = 2000;
const PAGE = 500;
const DAY = 86_400_000;
const TARGET_BUILD_MS = 60_000;
const TARGET_P99_RATIO = 2;

const children = new Set();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-digest-'));
function cleanUp() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
process.on('SIGINT', () => {
  cleanUp();
  process.exit(130);
});

function start(env) {
  const profile = cpuProfDir ? ['--cpu-prof', '--cpu-prof-dir', cpuProfDir] : [];
  const child = spawn(process.execPath, [...profile, apiEntry], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.on('exit', (code) => {
    children.delete(child);
    if (code && code !== 0) console.error(`API arrêtée (code ${code})\n${stderr}`);
  });
  children.add(child);
  return child;
}

async function waitForHealth(url, child, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`l’API s’est arrêtée avant de répondre sur ${url}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await pause(100);
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

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const hex = (n, width = 24) => n.toString(16).padStart(width, '0');

/** A sink SMTP server: counts what it receives, and when. */
async function smtpSink() {
  const { SMTPServer } = require('smtp-server');
  const arrivals = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        arrivals.push(Date.now());
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    arrivals,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** 'YYYY-MM-DD' of an instant in Paris, and the start of that day (read back through Intl). */
function parisDay(ms) {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date(ms));
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Paris',
    hourCycle: 'h23',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(utcMidnight));
  const hour = Number(parts.find((part) => part.type === 'hour')?.value);
  return { day, startOfDay: utcMidnight - hour * 3_600_000 };
}

/** Members, their licences, prospects and opportunities, straight into the stopped API's store. */
async function seed(store, organisationId, ownerId, today) {
  const now = Date.now();
  const roles = await store.collection('roles').find({ organisationId });
  const roleId = roles.find((role) => role.name === 'Commercial')._id;
  const members = [ownerId];
  const users = [];
  for (let i = 1; i < MEMBERS; i += 1) {
    const _id = `e${hex(i, 23)}`;
    members.push(_id);
    users.push({
      _id,
      email: `membre.${i}@banc.exemple.fr`,
      username: `Membre ${i}`,
      passwordHash: 'x',
      fonction: '',
      createdAt: now,
      passwordChangedAt: now,
    });
  }
  await store.collection('users').insertMany(users);
  await store
    .collection('memberships')
    .insertMany(members.slice(1).map((userId) => ({ organisationId, userId, roleId, createdAt: now })));
  await store.collection('licences').insertMany(
    members.slice(1).map((userId, index) => ({
      organisationId,
      userId,
      plan: 4,
      period: 'monthly',
      renewalAt: Date.UTC(2100, 0, 1),
      trial: false,
      createdAt: now + index,
      assignedAt: now,
    })),
  );
  await store
    .collection('organisations')
    .updateOne({ _id: organisationId }, { $set: { accessVersion: 1_000 } });

  const prospects = store.collection('prospects');
  const opportunities = store.collection('opportunities');
  for (let from = 0; from < OPPORTUNITIES; from += CHUNK) {
    const prospectDocs = [];
    const opportunityDocs = [];
    for (let i = from; i < Math.min(OPPORTUNITIES, from + CHUNK); i += 1) {
      const prospectId = `a${hex(i, 23)}`;
      const opportunityId = `c${hex(i, 23)}`;
      const userId = members[i % MEMBERS];
      const kind = Math.floor(i / MEMBERS) % 10;
      let timing;
      if (kind === 0) timing = { state: 'WAITING', waitingDate: today.startOfDay + 14 * 3_600_000 };
      else if (kind === 1)
        timing = { state: 'WAITING', waitingDate: today.startOfDay - (1 + (i % 20)) * DAY + 9 * 3_600_000 };
      else if (kind === 2) {
        const renewalAt = today.startOfDay + (1 + (i % 7)) * DAY;
        const end = new Date(renewalAt + 90 * DAY + 12 * 3_600_000).toISOString().slice(0, 10);
        timing = { state: 'WIN', renewalAt, renewalEndDate: end };
      } else if (kind === 3 || kind === 4)
        timing = { state: 'WAITING', waitingDate: today.startOfDay + (2 + (i % 40)) * DAY };
      else timing = { state: ['TODO', 'TODO', 'WIN', 'LOOSE', 'TODO'][kind - 5] };
      prospectDocs.push({
        _id: prospectId,
        organisationId,
        excelId: '',
        userId: ownerId,
        isPrivate: false,
        rowIndex: i,
        prospect: `Société ${i} Crêperie`,
        enseigne: `Enseigne ${i}`,
        codePostale: '75001',
        ville: 'Paris',
        adresseComplete: `${i} rue de la Mesure`,
        site: 'Aucun',
        telephone: '0102030405',
        eMail: `contact${i}@exemple.fr`,
        siret: 'Aucun',
        libelleactivite: 'Restauration',
        trancheSalarier: '1-9',
        typeEtablissement: 'Aucun',
        departement: '75',
        region: 'Île-de-France',
        value: '{}',
        searchText: `societe ${i}`,
        dedupKey: `name:banc${i}`,
        siretFlagged: false,
        isAccepted: true,
        state: timing.state,
        opportunityId,
      });
      opportunityDocs.push({
        _id: opportunityId,
        organisationId,
        prospectId,
        excelId: '',
        userId,
        creationDate: now - i * 60_000,
        stateChangedAt: now - (i % 30) * DAY,
        isPrivate: false,
        fileOwnerId: ownerId,
        informationContractuelle: '{}',
        history: [{ at: now, by: userId, from: null, to: timing.state }],
        ...timing,
      });
    }
    await prospects.insertMany(prospectDocs);
    await opportunities.insertMany(opportunityDocs);
  }
  // The day is done (the first start, before the seeding, marked it already): the API starts again
  // without building anything (the baseline).
  await store.collection('digestDays').deleteOne({ _id: today.day });
  await store
    .collection('digestDays')
    .insertOne({ _id: today.day, organisationId: '', day: today.day, startedAt: now, doneAt: now });
}

/** `CLIENTS` loops calling the list, `CADENCE_MS` after each answer, until `stop()`; each call's start and latency. */
function listLoad(base, body) {
  const calls = [];
  let running = true;
  const loops = Array.from({ length: CLIENTS }, async () => {
    while (running) {
      const startedAt = Date.now();
      const begin = performance.now();
      const res = await fetch(`${base}/api/opportunity/getwithfilter`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      await res.arrayBuffer();
      calls.push({ startedAt, ms: performance.now() - begin, ok: res.ok });
      await pause(CADENCE_MS);
    }
  });
  return {
    calls,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

function latencies(calls) {
  const sorted = calls.map((call) => call.ms).sort((a, b) => a - b);
  const round = (value) => Math.round(value * 10) / 10;
  return {
    calls: calls.length,
    failed: calls.filter((call) => !call.ok).length,
    p50Ms: round(quantile(sorted, 0.5)),
    p99Ms: round(quantile(sorted, 0.99)),
    maxMs: round(sorted[sorted.length - 1] ?? 0),
  };
}

async function main() {
  if (!existsSync(apiEntry)) {
    console.error('API non construite : lancez "npx turbo run build --filter=@app/api".');
    process.exitCode = 1;
    return;
  }
  const smtp = await smtpSink();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_ROOT: dataDir,
    PUBLIC_URL: 'https://app.exemple.fr',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    MONGODB_URI: '',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Prospection <no-reply@banc.exemple.fr>',
    DIGEST_HOUR: '0',
    EXPORT_WORKERS: '0',
    PASSWORD_HASH_COST: '1024',
  };
  try {
    // 1. The owner and the organisation through the API.
    let api = start(env);
    await waitForHealth(`${base}/healthz`, api);
    const { token } = await post(base, '/api/register', {
      email: 'proprietaire@banc.exemple.fr',
      password: 'Motdepasse1',
      username: 'Banc Propriétaire',
    });
    const { organisation } = await post(base, '/api/organisation/create', {
      token,
      name: 'Société du banc',
      phone: '0102030405',
    });
    await stop(api);

    // 2. Members and opportunities straight into the store.
    const { openStore } = require(path.join(repo, 'api', 'dist', 'db', 'open-store.js'));
    const today = parisDay(Date.now());
    let store = await openStore({ mongodbUri: undefined, dataDir });
    const ownerId = (await store.collection('users').findOne({ email: 'proprietaire@banc.exemple.fr' }))._id;
    console.log(`Écriture de ${MEMBERS} membres et ${OPPORTUNITIES} opportunités…`);
    const seedStart = performance.now();
    await seed(store, organisation._id, ownerId, today);
    const seedMs = Math.round(performance.now() - seedStart);
    await store.close();

    // 3. The API on them; the list warmed up (its index of 100,000 keys built).
    api = start(env);
    await waitForHealth(`${base}/healthz`, api);
    const body = {
      token,
      organisationId: organisation._id,
      filter: { state: 'todo' },
      startId: 0,
      endId: PAGE,
    };
    await post(base, '/api/opportunity/getAllCount', { token, organisationId: organisation._id });
    for (let i = 0; i < 20; i += 1) await post(base, '/api/opportunity/getwithfilter', body);

    // 4. Baseline, then the day's e-mails while the list calls go on.
    console.log(`Appels de liste sans e-mails (${BASELINE_S} s, ${CLIENTS} clients)…`);
    const load = listLoad(base, body);
    const baselineStart = Date.now();
    await pause(BASELINE_S * 1000);
    const baselineEnd = Date.now();
    store = await openStore({ mongodbUri: undefined, dataDir });
    const days = store.collection('digestDays');
    await days.deleteOne({ _id: today.day });
    console.log('Marque du jour retirée : la vérification de la minute construit les e-mails…');
    let marker = null;
    const waitDeadline = Date.now() + 5 * 60_000;
    while (!marker && Date.now() < waitDeadline) {
      await pause(250);
      marker = await days.findOne({ _id: today.day });
    }
    await pause(1000);
    await load.stop();
    if (!marker) throw new Error('les e-mails du matin n’ont pas été terminés en 5 minutes');
    const sends = await store.collection('digestSends').countDocuments({ day: today.day, state: 'sent' });
    await store.close();
    await stop(api);

    const buildMs = marker.doneAt - marker.startedAt;
    const baseline = latencies(
      load.calls.filter((c) => c.startedAt >= baselineStart && c.startedAt < baselineEnd),
    );
    const during = latencies(
      load.calls.filter((c) => c.startedAt >= marker.startedAt && c.startedAt <= marker.doneAt),
    );
    const p99Ratio = Math.round((during.p99Ms / baseline.p99Ms) * 100) / 100;
    const uptime = execFileSync('uptime', { encoding: 'utf8' }).trim();
    const results = {
      date: new Date().toISOString(),
      node: process.version,
      platform: `${os.platform()} ${os.arch()}`,
      cpus: os.cpus().length,
      uptime,
      loadAverage: os.loadavg().map((value) => Math.round(value * 100) / 100),
      note: 'machine partagée avec d’autres sessions pendant la mesure : chiffres absolus bruités ; le rapport avec/sans est mesuré dans la même exécution',
      store: 'sqlite',
      seeded: { members: MEMBERS, opportunities: OPPORTUNITIES, seedMs },
      perMember: {
        dueToday: OPPORTUNITIES / MEMBERS / 10,
        overdue: OPPORTUNITIES / MEMBERS / 10,
        renewals: OPPORTUNITIES / MEMBERS / 10,
      },
      targets: { buildMs: TARGET_BUILD_MS, p99Ratio: TARGET_P99_RATIO },
      digest: { buildMs, emailsSent: sends, emailsReceived: smtp.arrivals.length },
      listCalls: {
        clients: CLIENTS,
        cadenceMs: CADENCE_MS,
        pageSize: PAGE,
        baseline,
        duringDigest: during,
        p99Ratio,
      },
      met: { build: buildMs <= TARGET_BUILD_MS && sends === MEMBERS, p99: p99Ratio <= TARGET_P99_RATIO },
    };
    mkdirSync(path.dirname(resultsFile), { recursive: true });
    writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
    console.log(
      `${sends} e-mails du matin construits et envoyés en ${buildMs} ms (objectif ≤ ${TARGET_BUILD_MS} ms)`,
    );
    console.log(
      `appels de liste : p99 ${baseline.p99Ms} ms sans (${baseline.calls} appels), ${during.p99Ms} ms pendant (${during.calls} appels) : rapport ${p99Ratio} (objectif ≤ ${TARGET_P99_RATIO})`,
    );
    console.log(uptime);
    if (!results.met.build || !results.met.p99) process.exitCode = 1;
  } finally {
    await smtp.close();
  }
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(cleanUp);
