// Reports at scale (issue 22), against the built API (api/dist, embedded SQLite store): one
// organisation of 100,000 opportunities taken from 10 prospect files by 8 salespeople, and 500,000
// comments over the last 60 days, written straight into the store while the API is stopped (as
// bench/opportunities.mjs seeds). Each report call (period: the last 30 days, then a salesperson and
// a file) is asked 10 times after one warm-up; the figure is the server's own time to compute it
// (its Server-Timing header) and the wall time on loopback. The store's query plans are printed too.
// Usage: node bench/reports.mjs [--opportunities 100000] [--comments 5] [--keep] [--baseline-api
//   <path>] (after npm run build:apps); --keep leaves the seeded DATA_DIR in place and prints it (to
//   read query plans); --baseline-api measures the same calls against another build of the API
//   (another commit's api/dist/index.js) on the same store, and gives the ratios.
import { execSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cleanUp, newDataDir, start, stop, waitForHealth } from './opportunities.mjs';
import { freePort, numberOption, pathOption, post, quantile } from './support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');
const apiEntry = path.join(repo, 'api', 'dist', 'index.js');
const require = createRequire(path.join(repo, 'api', 'package.json'));

const OPPORTUNITIES = numberOption('opportunities', 100_000);
const COMMENTS_EACH = numberOption('comments', 5);
const FILES = 10;
const SELLERS = 8;
const RUNS = 10;
/** `--baseline-api <api/index.js of another build>`: the same calls against it, on the same store. */
const BASELINE_API = pathOption('baseline-api');
const CHUNK = 2000;
const DAY = 86_400_000;
const STATUSES = ['Mail', 'Appel Abouti', 'Appel non Abouti', 'PP', 'PP Validé'];
const PLACES = [
  ['75001', 'Paris', '75', 'Île-de-France'],
  ['69002', 'Lyon', '69', 'Auvergne-Rhône-Alpes'],
  ['13001', 'Marseille', '13', "Provence-Alpes-Côte d'Azur"],
  ['33000', 'Bordeaux', '33', 'Nouvelle-Aquitaine'],
  ['59000', 'Lille', '59', 'Hauts-de-France'],
];
const ACTIVITIES = ['Restauration', 'Commerce de détail', 'Boulangerie', 'Conseil', 'Bâtiment'];

const hex = (n, width) => n.toString(16).padStart(width, '0');
const ranDirectly = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
const dataDir = ranDirectly ? newDataDir() : '';
const env = (port) => ({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' });

/** An account and its organisation through the API (bench/reports-browser.mjs registers two). */
export async function owner(base, email = 'bench.rapports@exemple.fr', name = 'Banc des rapports') {
  const { token } = await post(base, '/api/register', {
    email,
    password: 'Motdepasse1',
    username: 'Banc Rapports',
  });
  await post(base, '/api/organisation/create', { token, name, phone: '0102030405' });
  const { organisations } = await post(base, '/api/organisation/get', { token });
  return { token, organisationId: organisations[0]._id };
}

/** The organisation of the reports' benchmarks, straight into the store (the API stopped). */
export async function seed(store, organisationId, ownerId) {
  const now = Date.now();
  const sellers = [ownerId, ...Array.from({ length: SELLERS - 1 }, (_, i) => `e${hex(i, 23)}`)];
  const files = Array.from({ length: FILES }, (_, i) => `f${hex(i, 23)}`);
  await store.collection('prospectFiles').insertMany(
    files.map((id, i) => ({
      _id: id,
      organisationId,
      userId: ownerId,
      username: 'Banc Rapports',
      name: `Fichier ${i + 1}`,
      isPrivate: false,
      manual: false,
      status: 'ready',
      count: Math.ceil((OPPORTUNITIES * 1.5) / FILES),
      countSelected: OPPORTUNITIES / FILES,
      date: now - i * DAY,
      lastModificationDate: now,
    })),
  );
  const statuses = store.collection('statuses');
  const statusIds = STATUSES.map((_, i) => `a${hex(i, 23)}`);
  const existing = await statuses.find({ organisationId });
  const statusOf = (i) => existing.find((status) => status.name === STATUSES[i])?._id ?? statusIds[i];
  const prospects = store.collection('prospects');
  const opportunities = store.collection('opportunities');
  const messages = store.collection('messages');
  for (let from = 0; from < OPPORTUNITIES; from += CHUNK) {
    const prospectDocs = [];
    const opportunityDocs = [];
    const messageDocs = [];
    for (let i = from; i < Math.min(OPPORTUNITIES, from + CHUNK); i += 1) {
      const [codePostale, ville, departement, region] = PLACES[i % PLACES.length];
      const state = ['TODO', 'WAITING', 'WAITING', 'WIN', 'LOOSE'][i % 5];
      const userId = sellers[i % SELLERS];
      const excelId = files[i % FILES];
      const prospectId = `b${hex(i, 23)}`;
      const opportunityId = `c${hex(i, 23)}`;
      const creationDate = now - (i % 90) * DAY - (i % 1440) * 60_000;
      const commentDates = Array.from(
        { length: COMMENTS_EACH },
        (_, k) => now - ((i * 7 + k * 13) % 60) * DAY - k * 3_600_000,
      );
      prospectDocs.push({
        _id: prospectId,
        organisationId,
        excelId,
        userId: ownerId,
        isPrivate: false,
        rowIndex: i,
        prospect: `Société ${i}`,
        codePostale,
        ville,
        departement,
        region,
        libelleactivite: ACTIVITIES[i % ACTIVITIES.length],
        value: '{}',
        searchText: `societe ${i}`,
        dedupKey: `name:bench${i}`,
        siretFlagged: false,
        isAccepted: true,
        state,
        opportunityId,
        acceptedBy: userId,
        acceptedAt: creationDate,
      });
      opportunityDocs.push({
        _id: opportunityId,
        organisationId,
        prospectId,
        excelId,
        userId,
        state,
        creationDate,
        stateChangedAt: now - (i % 45) * DAY,
        ...(state === 'WAITING' ? { waitingDate: now + ((i % 80) - 20) * DAY } : {}),
        isPrivate: false,
        fileOwnerId: ownerId,
        informationContractuelle: '{}',
        messageCount: COMMENTS_EACH,
        firstCommentAt: Math.min(...commentDates),
        history: [{ at: creationDate, by: userId, from: null, to: 'TODO', kind: 'create' }],
      });
      commentDates.forEach((date, k) =>
        messageDocs.push({
          organisationId,
          opportunityId,
          text: 'Point fait avec le gérant',
          date,
          userId,
          username: 'Commercial',
          statusId: statusOf((i + k) % STATUSES.length),
          statusName: STATUSES[(i + k) % STATUSES.length],
        }),
      );
    }
    await prospects.insertMany(prospectDocs);
    await opportunities.insertMany(opportunityDocs);
    for (let k = 0; k < messageDocs.length; k += CHUNK)
      await messages.insertMany(messageDocs.slice(k, k + CHUNK));
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { sellers, files };
}

async function measure(base, route, body) {
  const ask = async () => {
    const started = performance.now();
    const res = await fetch(`${base}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const wall = performance.now() - started;
    if (!res.ok) throw new Error(`${route} : ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    const server = Number(/dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? NaN);
    return { wall, server };
  };
  await ask();
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await ask());
  const server = runs.map((run) => run.server).sort((a, b) => a - b);
  const wall = runs.map((run) => run.wall).sort((a, b) => a - b);
  return {
    serverMs: { median: Math.round(quantile(server, 0.5)), max: Math.round(server.at(-1)) },
    wallMs: { median: Math.round(quantile(wall, 0.5)), max: Math.round(wall.at(-1)) },
  };
}

if (ranDirectly) await main();

async function main() {
  try {
    let port = await freePort();
    let api = start('API', [apiEntry], env(port));
    let base = `http://127.0.0.1:${port}`;
    await waitForHealth(`${base}/healthz`, api);
    const who = await owner(base);
    await stop(api);

    const { openStore } = require(path.join(repo, 'api', 'dist', 'db', 'open-store.js'));
    const store = await openStore({ mongodbUri: undefined, dataDir });
    const ownerId = (await store.collection('users').findOne({ email: 'bench.rapports@exemple.fr' }))._id;
    console.log(
      `Écriture de ${OPPORTUNITIES} opportunités et ${OPPORTUNITIES * COMMENTS_EACH} commentaires…`,
    );
    const seedStart = performance.now();
    const { sellers, files } = await seed(store, who.organisationId, ownerId);
    const seedMs = Math.round(performance.now() - seedStart);
    await store.close();

    port = await freePort();
    const startAt = performance.now();
    api = start('API', [apiEntry], env(port));
    base = `http://127.0.0.1:${port}`;
    await waitForHealth(`${base}/healthz`, api, 600_000);
    await post(base, '/api/report/filters', { token: who.token, organisationId: who.organisationId });
    const firstStartMs = Math.round(performance.now() - startAt);
    // Measured after a second start, as a server runs: the first one built the indexes and did its
    // start-up work over the seed's write-ahead log, which the stop folds into the file.
    await stop(api);
    port = await freePort();
    api = start('API', [apiEntry], env(port));
    base = `http://127.0.0.1:${port}`;
    await waitForHealth(`${base}/healthz`, api, 600_000);

    const body = (extra = {}) => ({
      token: who.token,
      organisationId: who.organisationId,
      period: '30days',
      ...extra,
    });
    const cases = [
      ['/api/report/filters', { token: who.token, organisationId: who.organisationId }],
      ['/api/report/files', body()],
      ['/api/report/salespeople', body()],
      [
        '/api/report/salespeople',
        body({ period: 'custom', from: '2025-01-01', to: '2025-12-31', granularity: 'week' }),
      ],
      ['/api/report/timeline', body({ granularity: 'week' })],
      ['/api/report/geography', body()],
      ['/api/report/files', body({ userId: sellers[1], excelId: files[2] })],
      ['/api/report/salespeople', body({ userId: sellers[1] })],
    ];
    const measureAll = async (at) => {
      const results = [];
      for (const [route, input] of cases) {
        const figures = await measure(at, route, input);
        const label = `${route}${input.userId ? ' (un commercial)' : ''}${input.period === 'custom' ? ' (un an, par semaine)' : ''}`;
        results.push({ call: label, ...figures });
        console.log(
          `${label} : serveur ${figures.serverMs.median} ms (max ${figures.serverMs.max}), boucle locale ${figures.wallMs.median} ms`,
        );
      }
      return results;
    };
    const results = await measureAll(base);
    await stop(api);
    // Another build of the API (e.g. the previous commit's) on the same store, right after: the
    // ratio of the two is what a loaded machine cannot blur.
    let baseline;
    if (BASELINE_API) {
      console.log(`Base de comparaison : ${BASELINE_API}`);
      port = await freePort();
      api = start('API (base)', [BASELINE_API], env(port));
      base = `http://127.0.0.1:${port}`;
      await waitForHealth(`${base}/healthz`, api, 600_000);
      const before = await measureAll(base);
      await stop(api);
      baseline = {
        api: path.relative(repo, BASELINE_API),
        results: before,
        serverRatios: results.map((result, index) => ({
          call: result.call,
          ratio: Number((result.serverMs.median / before[index].serverMs.median).toFixed(2)),
        })),
      };
    }
    const out = {
      measuredAt: new Date().toISOString(),
      machineLoad: execSync('uptime').toString().trim(),
      note: 'Machine partagée (2 cœurs, plusieurs sessions) : chiffres absolus bruités. Cible : ≤ 300 ms de temps serveur par rapport.',
      organisation: {
        opportunities: OPPORTUNITIES,
        comments: OPPORTUNITIES * COMMENTS_EACH,
        files: FILES,
        salespeople: SELLERS,
      },
      seedMs,
      firstStartWithIndexesMs: firstStartMs,
      runsPerCall: RUNS,
      results,
      ...(baseline ? { baseline } : {}),
    };
    writeFileSync(path.join(here, 'results', 'reports.json'), `${JSON.stringify(out, null, 2)}\n`);
  } finally {
    if (process.argv.includes('--keep')) console.log(`DATA_DIR gardé : ${dataDir}`);
    else cleanUp();
  }
}
