// The opportunity benchmarks' shared set-up: a data directory, the built API started and stopped,
// two organisations seeded straight into the store (20,000 and 100,000 opportunities), the server's
// CPU time, and the list loaded as the spec's client does. opportunities.mjs, opportunities-browser.mjs,
// lighthouse.mjs and load.mjs import it (so the two opportunity benchmarks no longer import each other).
import { readFileSync } from 'node:fs';
import {
  apiEntry,
  cleanUp,
  ownerWithOrganisation,
  pause,
  post,
  startNode,
  startSeededApi,
  stop,
  tempDir,
  waitForHealth as waitUntilHealthy,
} from './support.mjs';

export { apiEntry, cleanUp, stop };

const CHUNK = 2000;
export const PAGE = 500;
export const CADENCE_MS = 50;
/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const CLOCK_TICKS = 100;

let dataDir;
/** A fresh data directory for this run (removed by cleanUp). */
export function newDataDir() {
  dataDir = tempDir('bench-opportunities-');
  return dataDir;
}

/** `node <args>` with `env` added (stopped by cleanUp). */
export const start = startNode;

/** Waits for the API's health answer (60 s unless told). */
export function waitForHealth(url, child, timeoutMs = 60_000) {
  return waitUntilHealthy(url, child, timeoutMs);
}

/** CPU time (user + system) a process has used so far, in ms; null where /proc is absent. */
export function cpuMs(child) {
  try {
    const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** Runs `work` and returns its result with the CPU time the server spent meanwhile. */
export async function withCpu(child, work) {
  const before = cpuMs(child);
  const result = await work();
  const after = cpuMs(child);
  return { result, serverCpuMs: before === null || after === null ? null : Math.round(after - before) };
}

/** What Chromium sends with every call: the API may answer gzip. */
export const BROWSER_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** The whole list as the browser loads it: 500 per call, the next one 50 ms after each answer. */
export async function fullList(base, body) {
  const started = performance.now();
  let startId = 0;
  let calls = 0;
  let loaded = 0;
  let slowestCallMs = 0;
  for (;;) {
    const callStart = performance.now();
    const page = await post(base, '/api/opportunity/getwithfilter', {
      ...body,
      startId,
      endId: startId + PAGE,
    });
    slowestCallMs = Math.max(slowestCallMs, performance.now() - callStart);
    calls += 1;
    loaded += page.opportunitys.length;
    startId += PAGE;
    if (page.itsFinish) break;
    await pause(CADENCE_MS);
  }
  return {
    ms: Math.round(performance.now() - started),
    calls,
    loaded,
    slowestCallMs: Math.round(slowestCallMs),
  };
}

/** The API's environment on this run's data directory; it serves the built web apps (its own WEB_ROOT). */
export const apiEnv = (port) => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  MONGODB_URI: '',
  SMTP_URL: '',
  PASSWORD_HASH_COST: '1024',
});

/** Owner `n` of an organisation of their own, through the API. */
const owner = (base, n) =>
  ownerWithOrganisation(base, {
    email: ownerEmail(n),
    username: `Banc Mesure ${n}`,
    organisation: `Société de mesure ${n}`,
  });
const ownerEmail = (n) => `bench.opportunites.${n}@exemple.fr`;

const DEPARTEMENTS = [
  ['75001', 'Paris', '75', 'Île-de-France'],
  ['69003', 'Lyon', '69', 'Auvergne-Rhône-Alpes'],
  ['29000', 'Quimper', '29', 'Bretagne'],
  ['13001', 'Marseille', '13', "Provence-Alpes-Côte d'Azur"],
];
export const hex = (n, width = 24) => n.toString(16).padStart(width, '0');

/** Prospects and opportunities of one organisation, straight into the store, 2,000 per write. */
export async function seed(store, organisationId, userId, count, tag) {
  const prospects = store.collection('prospects');
  const opportunities = store.collection('opportunities');
  const now = Date.now();
  const DAY = 86_400_000;
  for (let from = 0; from < count; from += CHUNK) {
    const size = Math.min(CHUNK, count - from);
    const prospectDocs = [];
    const opportunityDocs = [];
    for (let i = from; i < from + size; i += 1) {
      const [codePostale, ville, departement, region] = DEPARTEMENTS[i % DEPARTEMENTS.length];
      const prospectId = `${tag}${hex(i, 23)}`;
      const opportunityId = `${tag === 'a' ? 'c' : 'd'}${hex(i, 23)}`;
      const state = ['TODO', 'TODO', 'WAITING', 'WIN', 'LOOSE'][i % 5];
      prospectDocs.push({
        _id: prospectId,
        organisationId,
        excelId: '',
        userId,
        isPrivate: false,
        rowIndex: i,
        prospect: `Société ${i} Crêperie`,
        enseigne: `Enseigne ${i}`,
        codePostale,
        ville,
        adresseComplete: `${i} rue de la Mesure`,
        site: 'Aucun',
        telephone: '0102030405',
        eMail: `contact${i}@exemple.fr`,
        siret: 'Aucun',
        libelleactivite: i % 3 ? 'Restauration' : 'Commerce',
        trancheSalarier: i % 2 ? '1-9' : '10-19',
        typeEtablissement: 'Aucun',
        departement,
        region,
        value: JSON.stringify({ Note: i % 7 ? 'Client fidèle' : '=1+1', contact: [] }),
        searchText: `societe ${i}`,
        dedupKey: `name:bench${tag}${i}`,
        siretFlagged: false,
        isAccepted: true,
        state,
        opportunityId,
      });
      opportunityDocs.push({
        _id: opportunityId,
        organisationId,
        prospectId,
        excelId: '',
        userId,
        state,
        creationDate: now - i * 60_000,
        stateChangedAt: now - (i % 30) * DAY,
        ...(state === 'WAITING' ? { waitingDate: now + (i % 40) * DAY + 3_600_000 } : {}),
        isPrivate: false,
        fileOwnerId: userId,
        informationContractuelle: '{}',
        history: [{ at: now, by: userId, from: null, to: state }],
      });
    }
    await prospects.insertMany(prospectDocs);
    await opportunities.insertMany(opportunityDocs);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** A saved round over the seeded list's Lyon opportunities (every fourth, ids as seed() writes them). */
export async function saveRound(base, lister, stopCount = 12) {
  const stops = Array.from({ length: stopCount }, (_, index) => {
    const i = 1 + index * 4;
    return {
      opportunityId: `c${i.toString(16).padStart(23, '0')}`,
      name: `Société ${i} Crêperie`,
      address: `${i} rue de la Mesure, 69003 Lyon`,
      lat: 45.75 + index * 0.004,
      lng: 4.83 + (index % 4) * 0.006,
    };
  });
  const { round } = await post(base, '/api/round/create', {
    token: lister.token,
    organisationId: lister.organisationId,
    name: 'Tournée de mesure',
    start: { label: 'Agence de Lyon', lat: 45.76, lng: 4.835 },
    stops,
  });
  return round._id;
}

/**
 * Two organisations made through the API (owners 1: the list, 2: the export), their opportunities
 * written straight into the store while the API is stopped, then the API started again on them.
 * Call newDataDir() first.
 */
export async function seededApi({ listSize, exportSize, nodeArgs = [] }) {
  const { child, base, accounts, seedMs } = await startSeededApi({
    dataDir,
    env: apiEnv,
    // 1. Two organisations through the API.
    accounts: async (at) => ({ lister: await owner(at, 1), exporter: await owner(at, 2) }),
    // 2. Opportunities straight into the store while the API is stopped.
    seed: async (store, { lister, exporter }) => {
      const users = store.collection('users');
      const userOf = async (n) => (await users.findOne({ email: ownerEmail(n) }))._id;
      console.log(`Écriture de ${listSize} + ${exportSize} opportunités…`);
      await seed(store, lister.organisationId, await userOf(1), listSize, 'a');
      await seed(store, exporter.organisationId, await userOf(2), exportSize, 'b');
    },
    // 3. The API on the seeded store.
    nodeArgs,
    timeoutMs: 60_000,
  });
  return { api: child, base, lister: accounts.lister, exporter: accounts.exporter, seedMs };
}

/** The data directory of this run (newDataDir). */
export const dataDirectory = () => dataDir;
