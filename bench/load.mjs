// Load: many signed-in sessions working at once on the built API (api/dist, embedded SQLite store),
// each looping over what a salesperson does with think times between actions (issue 12 "Load"):
// a list tab (counts, then the server's first windows of 50 for a tab of 2,000 or more, else 500 per call every
// 50 ms until itsFinish, as the screen does: opportunity-list.md), an opportunity's detail, a
// state change, a comment, the file list and a page of a file, a search in a file; beside them one
// import of a few thousand rows every minute and one export of the whole 20,000 list every 30 s.
// Recorded per call kind: count, errors (any non-2xx or network error), p50 / p99 / max; every 5 s
// the API's RSS and CPU from /proc/<pid>/status and /proc/<pid>/stat; every second the latency of
// GET /healthz (how long the event loop keeps a trivial call waiting).
// After the main run, short runs at more sessions (--ramp) show where it breaks first.
// Seeding goes through the HTTP API only: sign-ups, organisations, invitations read from the outbox,
// licences, an import of the prospect file through the modal's calls, one /api/opportunity/create
// per prospect (shared out among the members), then state changes to fill every tab.
// Prints a table; writes bench/results/load.json.
// The API runs as shipped (WEB_CONCURRENCY unset: one process per core); RSS and CPU are those of all
// its processes together.
// Usage: node bench/load.mjs [--duration 300] [--sessions 200] [--prospects 20000]
//          [--ramp 400,800] [--ramp-duration 60] [--cpu-prof <dir>] [--web-concurrency N] [--out <file>]
//          [--seed-dir <dir>] [--api <entry of another build>]
//   (after npx turbo run build --filter=@app/api; --ramp 0 skips the ramp)
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { cells, COLUMNS } from './import.mjs';
import { apiEnv, cleanUp, cpuMs, newDataDir, start, stop, waitForHealth } from './opportunities.mjs';
import { freePort, listOption, memoryMb, numberOption, pathOption, post, quantile } from './support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');
/** `--api <entry>`: another build's entry (main's, for an A/B on the same seeded store). */
const apiEntry = pathOption('api', null) ?? path.join(repo, 'api', 'dist', 'index.js');
/**
 * `--seed-dir <dir>`: the seeded store kept there on the first run (`data/` and `seed.json`, the API
 * stopped) and copied into a fresh DATA_DIR on the next ones, so short runs and A/B runs start from the
 * same store without the minute of seeding through the API.
 */
const seedDir = pathOption('seed-dir', null);
/** `--out <file>`: a short check run kept apart from the committed five-minute figures. */
const resultsFile = pathOption('out', null) ?? path.join(here, 'results', 'load.json');

const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();

const durationS = numberOption('duration', 300);
const SESSIONS = numberOption('sessions', 200);
const PROSPECTS = numberOption('prospects', 20_000);
const RAMP = listOption('ramp', [400, 800]);
const rampDurationS = numberOption('ramp-duration', 60);
const cpuProfDir = pathOption('cpu-prof', 'cpu-profiles');

/** The API's process and its workers (the cluster), from /proc. */
function processTree(pid) {
  let children;
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  } catch {
    return []; // ended meanwhile
  }
  return [pid, ...(children ? children.split(' ').flatMap((child) => processTree(Number(child))) : [])];
}

/** CPU time of the API's processes together (ms). */
const apiCpuMs = (api) => processTree(api.pid).reduce((sum, pid) => sum + (cpuMs({ pid }) ?? 0), 0);

/** Memory of the API's processes together (MB): VmRSS now, or the sum of each one's VmHWM peak. */
const apiMemoryMb = (api, field) =>
  processTree(api.pid).reduce((sum, pid) => {
    try {
      return sum + memoryMb(pid, field);
    } catch {
      return sum; // ended meanwhile
    }
  }, 0);

/**
 * RSS of the API processes' main malloc arena together (`[heap]` in /proc/<pid>/smaps, MB): native
 * memory outside V8's pages, whose growth the RSS's saw-tooth hides (load.md, "What grows at 1,000
 * sessions"). Read every 30 s: the file lists every mapping.
 */
async function mallocArenaMb(api) {
  let kb = 0;
  for (const pid of processTree(api.pid)) {
    let text;
    try {
      // Read on libuv's threads: the kernel takes about 30 ms to write a 1.5 GB process's smaps, and
      // read here in one go it held the generator's event loop (and lengthened every call in flight)
      // for 60–100 ms every 30 s (load.md, "The generator's own stalls").
      text = await readFile(`/proc/${pid}/smaps`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    const at = text.indexOf(' [heap]\n');
    if (at >= 0) kb += Number(/\nRss:\s+(\d+) kB/.exec(text.slice(at))?.[1] ?? 0);
  }
  return Math.round(kb / 1024);
}
const ARENA_EVERY_SAMPLES = 6;

/** Two organisations: a large team on the full file, a small one beside it (tenants share the store). */
const ORGANISATIONS = [
  { members: 12, prospects: PROSPECTS },
  { members: 4, prospects: Math.round(PROSPECTS / 4) },
];
/** A think time drawn between these bounds after each action (ms): reading a card, dialling, typing. */
const THINK_MS = [5000, 15_000];
/**
 * Sessions arrive spread over this long per 200 of them at the start of a run (20 s for 200, 100 s for
 * 1,000: people sign in over the morning, not in the same second), at most a quarter of the run.
 */
const ARRIVAL_S_PER_200 = 20;
const IMPORT_EVERY_S = 60;
const IMPORT_ROWS = 3000;
const EXPORT_EVERY_S = 30;
const HEALTHZ_EVERY_MS = 1000;
/** The windows of the run's time line (interactive p99 and the generator's stalls). */
const WINDOW_S = 30;
const SAMPLE_EVERY_MS = 5000;
const PAGE = 500;
const PAGE_DELAY_MS = 50;
/** A tab this long or longer is listed by the server, WINDOW cards at a time (use-server-list.ts). */
const SERVER_LIST_FROM = 2000;
const WINDOW = 50;
/** Between two windows of one list: the user scrolling. */
const SCROLL_MS = [500, 2000];
const BATCH = 2000;
const SEED_CONCURRENCY = 8;
/** A call slower than this at p99 is one a user notices: the ramp's "breaks" threshold. */
const BREAK_P99_MS = 1000;
/** Raised so 200+ sign-ins from one loopback address are not refused (defaults: 100 and 10 per 15 min). */
/** API processes: unset as shipped (one per core, node:cluster); `--web-concurrency 1` for one. */
const WEB_CONCURRENCY = numberOption('web-concurrency', 0);
const LOAD_ENV = {
  WEB_CONCURRENCY: WEB_CONCURRENCY ? String(WEB_CONCURRENCY) : '',
  RATE_LIMIT_MAX_PER_IP: '100000',
  RATE_LIMIT_MAX_PER_EMAIL: '10000',
  TRIAL_LICENCES: String(Math.max(...ORGANISATIONS.map((spec) => spec.members)) + 1),
};
const PASSWORD = 'Motdepasse1';
const FIELDS = [
  'prospect',
  'enseigne',
  'codePostale',
  'ville',
  'adresseComplete',
  'site',
  'telephone',
  'eMail',
  'siret',
  'libelleactivite',
  'trancheSalarier',
  'typeEtablissement',
];
const MAPPING = Object.fromEntries(FIELDS.map((field, index) => [field, COLUMNS[index]]));
const SEARCHES = ['Crèche', 'Marseille', 'societe 12', '59000', 'Restauration', 'contact@societe-7'];
const TABS = [
  ['todo', 45],
  ['waiting', 20],
  ['all', 15],
  ['win', 10],
  ['loose', 10],
];

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = (items) => items[Math.floor(Math.random() * items.length)];
const between = ([low, high]) => low + Math.random() * (high - low);
function weighted(entries) {
  let draw = Math.random() * entries.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [value, weight] of entries) {
    draw -= weight;
    if (draw < 0) return value;
  }
  return entries[entries.length - 1][0];
}

/** Per call kind: every latency, the errors and a few of their messages. */
class Recorder {
  kinds = new Map();
  /** Each call's start (performance.now()), latency and kind, for the run's time line (windows()). */
  timeline = [];

  entry(kind) {
    let entry = this.kinds.get(kind);
    if (!entry) {
      entry = { latencies: [], errors: 0, errorSamples: [] };
      this.kinds.set(kind, entry);
    }
    return entry;
  }

  ok(kind, ms) {
    this.entry(kind).latencies.push(ms);
    this.timeline.push([performance.now() - ms, ms, kind]);
  }

  failed(kind, ms, reason) {
    const entry = this.entry(kind);
    entry.latencies.push(ms);
    this.timeline.push([performance.now() - ms, ms, kind]);
    entry.errors += 1;
    if (entry.errorSamples.length < 5) entry.errorSamples.push(reason);
  }

  /**
   * The interactive calls by the window of `seconds` they started in (from `startedAt`, a
   * performance.now()): count, p99 and max, so a tail can be told apart from the arrivals, the
   * periodic export or one stall.
   */
  windows(startedAt, seconds) {
    const buckets = new Map();
    for (const [at, ms, kind] of this.timeline) {
      if (!isInteractive(kind)) continue;
      const t = Math.max(0, Math.floor((at - startedAt) / 1000 / seconds) * seconds);
      if (!buckets.has(t)) buckets.set(t, []);
      buckets.get(t).push(ms);
    }
    return [...buckets.entries()]
      .sort(([a], [b]) => a - b)
      .map(([t, latencies]) => {
        const sorted = latencies.sort((a, b) => a - b);
        return { t, count: sorted.length, p99Ms: round(quantile(sorted, 0.99)), maxMs: round(sorted.at(-1)) };
      });
  }

  summary() {
    return Object.fromEntries(
      [...this.kinds.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([kind, { latencies, errors, errorSamples }]) => {
          const sorted = [...latencies].sort((a, b) => a - b);
          return [
            kind,
            {
              count: sorted.length,
              errors,
              p50Ms: round(quantile(sorted, 0.5)),
              p99Ms: round(quantile(sorted, 0.99)),
              maxMs: round(sorted.at(-1) ?? 0),
              totalS: round(sorted.reduce((sum, ms) => sum + ms, 0) / 1000),
              ...(errorSamples.length > 0 ? { errorSamples } : {}),
            },
          ];
        }),
    );
  }
}
const round = (value) => Number(value.toFixed(1));

/**
 * One timed POST. Answers the body's bytes, or null after recording the failure: a session that meets
 * an error moves on to its next action, as the screens do after their toast.
 */
async function call(recorder, base, kind, route, body) {
  const started = performance.now();
  try {
    const { status, bytes } = await postBytes(`${base}${route}`, JSON.stringify(body));
    const ms = performance.now() - started;
    if (status >= 200 && status < 300) {
      recorder.ok(kind, ms);
      return bytes;
    }
    let message = '';
    try {
      message = parsed(bytes).message ?? '';
    } catch {
      message = bytes.toString('utf8', 0, 120);
    }
    recorder.failed(kind, ms, `${status} ${message}`);
  } catch (error) {
    recorder.failed(
      kind,
      performance.now() - started,
      `réseau : ${error.code ?? error.cause?.code ?? error.message}`,
    );
  }
  return null;
}

/**
 * The sessions' connections: kept alive and reused, as a browser's are. node:http rather than fetch,
 * whose per-request work (WHATWG streams, headers objects) cost the generator about as much CPU as
 * the calls cost the API, on the same two cores; the request is the same (POST, JSON body, gzip
 * accepted as the browser does), the answer is unzipped on libuv's threads. Its bytes are not decoded
 * to text unless read (parsed): decoding every answer (a file's page is 464 KB, its accents make a
 * two-byte string) was half the generator's CPU, and its event loop held each answer's timing behind
 * the others' decoding (load.md, "The generator's own stalls").
 */
/** An answer's JSON, from its bytes. */
const parsed = (bytes) => JSON.parse(bytes.toString('utf8'));

// An idle connection is let go after 4 s, before the server's keep-alive timeout (5 s) closes it: a
// request sent on a connection the server is closing fails (ECONNRESET); fetch does the same.
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY, timeout: 4000 });
const unzip = promisify(gunzip);

function postBytes(url, payload) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          'accept-encoding': 'gzip',
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const body = res.headers['content-encoding'] === 'gzip' ? unzip(raw) : Promise.resolve(raw);
          body.then((bytes) => resolve({ status: res.statusCode, bytes }), reject);
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

// ——— Seeding, through the API ———

/** Runs `work` over `items`, `concurrency` at a time. */
async function inParallel(items, concurrency, work) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      await work(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

async function register(base, email, username) {
  const { token } = await post(base, '/api/register', { email, password: PASSWORD, username });
  const { user } = await post(base, '/api/verify', { token });
  return { email, token, userId: user._id };
}

/** The join link of the newest invitation mailed to `email` (the outbox under DATA_DIR, no SMTP). */
function invitationLink(dataDir, email) {
  const outbox = path.join(dataDir, 'outbox');
  const files = readdirSync(outbox)
    .filter((name) => name.endsWith('.eml') && name.includes(email))
    .sort();
  const content = readFileSync(path.join(outbox, files.at(-1)), 'utf8');
  const id = /\/invitation\/join\/([A-Za-z0-9_-]{16,})/.exec(content)?.[1];
  if (!id) throw new Error(`pas de lien d’invitation pour ${email}`);
  return id;
}

/** The calls the import modal makes: start, 2,000-row batches, finish. */
async function importRows(send, caller, name, from, count) {
  const started = await send('import/start', '/api/prospect/import/start', {
    ...caller,
    name,
    isPrivate: false,
    value: MAPPING,
    columns: COLUMNS,
    totalRows: count,
    duplicates: 'keep',
  });
  if (started === null) return null;
  const { importId } = parsed(started);
  for (let offset = 0; offset < count; offset += BATCH) {
    const rows = [];
    for (let index = offset; index < Math.min(offset + BATCH, count); index += 1) {
      rows.push(Object.fromEntries(cells(from + index).map((value, column) => [COLUMNS[column], value])));
    }
    if (
      (await send('import/rows', '/api/prospect/import/rows', { ...caller, importId, offset, rows })) === null
    )
      return null;
  }
  const finished = await send('import/finish', '/api/prospect/import/finish', { ...caller, importId });
  return finished === null ? null : parsed(finished).summary;
}

/** One organisation: its owner, members invited and licensed, a file imported, opportunities for all. */
async function seedOrganisation(base, dataDir, spec, n) {
  const owner = await register(base, `proprietaire.${n}@exemple.fr`, `Charge Proprietaire ${n}`);
  await post(base, '/api/organisation/create', {
    token: owner.token,
    name: `Société en charge ${n}`,
    phone: '0102030405',
  });
  const { organisations } = await post(base, '/api/organisation/get', { token: owner.token });
  const organisationId = organisations[0]._id;
  const admin = { token: owner.token, organisationId };
  const members = [{ ...owner, role: 'Administrateur' }];
  for (let m = 1; m < spec.members; m += 1) {
    const email = `commercial.${n}.${m}@exemple.fr`;
    await post(base, '/api/invitation/create', { ...admin, invitationEmail: email });
    const member = await register(base, email, `Commercial ${n} Numero ${m}`);
    await post(base, `/api/invitation/join/${invitationLink(dataDir, email)}`, { token: member.token });
    members.push({ ...member, role: 'Commercial' });
  }
  const { keys } = await post(base, '/api/stripe/getAllKey', admin);
  const free = keys.filter((key) => key.userId === undefined);
  for (const member of members.slice(1)) {
    const key = free.shift();
    if (!key) throw new Error('plus de licence libre : augmentez TRIAL_LICENCES');
    await post(base, '/api/stripe/assignKey', { ...admin, keyId: key._id, userId: member.userId });
  }

  const seedRecorder = new Recorder();
  const send = (kind, route, body) => call(seedRecorder, base, kind, route, body);
  const summary = await importRows(send, admin, `Fichier de ${spec.prospects} prospects`, 0, spec.prospects);
  if (summary === null) throw new Error(`import en échec : ${JSON.stringify(seedRecorder.summary())}`);
  const { value: files } = await post(base, '/api/prospect/get/all', admin);
  const excelId = files[0]._id;
  const prospectIds = [];
  for (let offset = 0; offset < spec.prospects; offset += 1000) {
    const { value } = await post(base, '/api/prospect/get/value', { ...admin, excelId, offset, limit: 1000 });
    prospectIds.push(...value.map((prospect) => prospect._id));
  }
  // Shared out among the members: a Commercial sees only their own opportunities.
  const opportunityIds = [];
  await inParallel(prospectIds, SEED_CONCURRENCY, async (prospectId, index) => {
    const member = members[index % members.length];
    const { opportunityId } = await post(base, '/api/opportunity/create', {
      token: member.token,
      organisationId,
      prospectId,
    });
    opportunityIds[index] = { opportunityId, member };
  });
  // Fill the tabs as a worked list looks: 40 % to do, 20 % waiting, 20 % won, 20 % lost.
  const now = Date.now();
  await inParallel(opportunityIds, SEED_CONCURRENCY, async ({ opportunityId, member }, index) => {
    const body = { token: member.token, organisationId, opportunityId };
    const slot = index % 5;
    if (slot === 2)
      await post(base, '/api/opportunity/setWaiting', {
        ...body,
        date: now + 3_600_000 + (index % 40) * 86_400_000,
      });
    else if (slot === 3) await post(base, '/api/opportunity/setWin', body);
    else if (slot === 4) await post(base, '/api/opportunity/setLoose', body);
  });
  return { organisationId, members, excelId, prospects: spec.prospects };
}

/** Sessions signed in through /api/login, shared round-robin among every member. */
async function signIn(base, organisations, count, from = 0) {
  const members = organisations.flatMap((organisation) =>
    organisation.members.map((member) => ({ member, organisation })),
  );
  const sessions = [];
  await inParallel(
    Array.from({ length: count }, (_, index) => from + index),
    SEED_CONCURRENCY,
    async (n) => {
      const { member, organisation } = members[n % members.length];
      const { token } = await post(base, '/api/login', { email: member.email, password: PASSWORD });
      sessions.push({
        n,
        role: member.role,
        organisation,
        caller: { token, organisationId: organisation.organisationId },
        opportunityIds: [],
        statusIds: [],
      });
    },
  );
  return sessions.sort((a, b) => a.n - b.n);
}

// ——— What a session does ———

/**
 * A list tab as the screen loads it (opportunity-list.md): counts first; a tab of SERVER_LIST_FROM
 * opportunities or more is the server's list, its first window of WINDOW cards then, as the user
 * scrolls, one or two more (listWindow); a smaller one is loaded whole, 500 per call every 50 ms
 * (WAITING at once).
 */
async function openList(send, session) {
  const { caller } = session;
  const counts = await send('getAllCount', '/api/opportunity/getAllCount', caller);
  if (counts === null) return;
  const tab = weighted(TABS);
  if (parsed(counts)[tab] >= SERVER_LIST_FROM) {
    const scrolled = Math.floor(Math.random() * 3);
    for (let window = 0; window <= scrolled; window += 1) {
      const answer = await send(`listWindow (${tab})`, '/api/opportunity/listWindow', {
        ...caller,
        filter: { state: tab },
        sort: 'desc',
        startId: window * WINDOW,
        endId: (window + 1) * WINDOW,
      });
      if (answer === null) return;
      if (window === 0) {
        const ids = parsed(answer).opportunitys.map((card) => card._id);
        if (ids.length > 0) session.opportunityIds = ids;
      }
      await pause(between(SCROLL_MS));
    }
    return;
  }
  let startId = 0;
  for (;;) {
    const requested = performance.now();
    const answer = await send(`getwithfilter (${tab})`, '/api/opportunity/getwithfilter', {
      ...caller,
      filter: { state: tab },
      startId,
      endId: tab === 'waiting' ? Number.MAX_SAFE_INTEGER : startId + PAGE,
    });
    if (answer === null) return;
    if (startId === 0) {
      // The first page gives the ids the next actions open (later pages are not parsed: the
      // generator shares the machine's two cores with the API).
      const ids = parsed(answer).opportunitys.map((card) => card._id);
      if (ids.length > 0) session.opportunityIds = ids;
    }
    if (tab === 'waiting' || answer.lastIndexOf('"itsFinish":true') !== -1) return;
    startId += PAGE;
    await pause(Math.max(0, PAGE_DELAY_MS - (performance.now() - requested)));
  }
}

async function statusIds(send, session) {
  if (session.statusIds.length === 0) {
    const answer = await send('status', '/api/opportunity/status', session.caller);
    if (answer !== null) session.statusIds = parsed(answer).status.map((status) => status._id);
  }
  return session.statusIds;
}

const ACTIONS = {
  list: openList,
  async detail(send, session) {
    const opportunityId = pick(session.opportunityIds);
    await send('opportunity/get', '/api/opportunity/get', { ...session.caller, opportunityId });
    await statusIds(send, session);
  },
  async state(send, session) {
    const body = { ...session.caller, opportunityId: pick(session.opportunityIds) };
    const target = pick(['setTodo', 'setWaiting', 'setWin', 'setLoose']);
    if (target === 'setWaiting')
      body.date = Math.round(Date.now() + 2 * 3_600_000 + Math.random() * 30 * 86_400_000);
    await send(target, `/api/opportunity/${target}`, body);
  },
  async comment(send, session) {
    const statuses = await statusIds(send, session);
    if (statuses.length === 0) return;
    await send('messages/post', '/api/messages/post', {
      ...session.caller,
      opportunityId: pick(session.opportunityIds),
      statusId: pick(statuses),
      message: `Rappelé le ${new Date().toLocaleDateString('fr-FR')}, intéressé par une offre à l’année.`,
    });
  },
  async files(send, session) {
    const answer = await send('prospect/get/all', '/api/prospect/get/all', session.caller);
    if (answer === null) return;
    const files = parsed(answer).value;
    if (files.length === 0) return;
    await send('prospect/get/value', '/api/prospect/get/value', {
      ...session.caller,
      excelId: pick(files)._id,
      offset: Math.floor(Math.random() * 10) * 500,
    });
  },
  async search(send, session) {
    await send('prospect/get/value (recherche)', '/api/prospect/get/value', {
      ...session.caller,
      excelId: session.organisation.excelId,
      search: pick(SEARCHES),
    });
  },
};
const MIX = [
  ['list', 20],
  ['detail', 30],
  ['state', 15],
  ['comment', 15],
  ['files', 10],
  ['search', 10],
];

/** One session until the deadline: arrive (verify, organisations, its todo list), then act and think. */
async function work(send, session, deadline, arrivalS) {
  await pause(Math.random() * arrivalS * 1000);
  if (session.opportunityIds.length === 0) {
    await send('verify', '/api/verify', { token: session.caller.token });
    await send('organisation/get', '/api/organisation/get', { token: session.caller.token });
    await openList(send, session);
  }
  while (Date.now() < deadline) {
    await pause(between(THINK_MS));
    if (Date.now() >= deadline) break;
    const action = session.opportunityIds.length === 0 ? 'list' : weighted(MIX);
    await ACTIONS[action](send, session);
  }
}

// ——— One run: sessions, the periodic import and export, the probes ———

/** Runs `task` every `ms` (the first time after `firstMs`) until `until`, never two at once. */
function every(ms, task, until, firstMs = ms) {
  let running = Promise.resolve();
  const run = () => {
    if (Date.now() < until) running = running.then(task);
  };
  let timer;
  const first = setTimeout(() => {
    run();
    timer = setInterval(run, ms);
  }, firstMs);
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}

async function runPhase({ base, api, sessions, seconds, label, importFrom }) {
  const recorder = new Recorder();
  const send = (kind, route, body) => call(recorder, base, kind, route, body);
  const startedAt = Date.now();
  const startedAtPerf = performance.now();
  const deadline = startedAt + seconds * 1000;
  const owners = sessions.filter(
    (session) => session.role === 'Administrateur' && session.organisation === sessions[0].organisation,
  );
  let imports = 0;
  const stopImports = every(
    IMPORT_EVERY_S * 1000,
    async () => {
      const from = importFrom + imports * IMPORT_ROWS;
      imports += 1;
      await importRows(send, pick(owners).caller, `Import en charge ${from}`, from, IMPORT_ROWS);
    },
    deadline,
    (IMPORT_EVERY_S * 1000) / 2,
  );
  const stopExports = every(
    EXPORT_EVERY_S * 1000,
    () =>
      send('export/filter (toute la liste)', '/api/opportunity/export/filter', {
        ...pick(owners).caller,
        filter: { state: 'all' },
        startId: 0,
        endId: Number.MAX_SAFE_INTEGER,
      }),
    deadline,
    (EXPORT_EVERY_S * 1000) / 2,
  );
  // The generator's own event loop: a stall of its own would lengthen every call it times.
  const generatorDelay = monitorEventLoopDelay({ resolution: 10 });
  generatorDelay.enable();
  const generatorStalls = [];
  const stopGeneratorDelay = every(
    WINDOW_S * 1000,
    () => {
      generatorStalls.push({
        t: Math.round((Date.now() - startedAt) / 1000 - WINDOW_S),
        maxMs: round(generatorDelay.max / 1e6),
      });
      generatorDelay.reset();
    },
    deadline + WINDOW_S * 1000,
  );
  const healthz = [];
  const stopHealthz = every(
    HEALTHZ_EVERY_MS,
    async () => {
      const at = performance.now();
      try {
        const res = await fetch(`${base}/healthz`);
        await res.arrayBuffer();
        healthz.push({ t: (Date.now() - startedAt) / 1000, ms: performance.now() - at, ok: res.ok });
      } catch {
        healthz.push({ t: (Date.now() - startedAt) / 1000, ms: performance.now() - at, ok: false });
      }
    },
    deadline,
  );
  const samples = [];
  let lastCpu = apiCpuMs(api);
  let lastClientCpu = process.cpuUsage();
  let lastAt = performance.now();
  const sample = () => {
    const now = performance.now();
    const cpu = apiCpuMs(api);
    const clientCpu = process.cpuUsage();
    const elapsed = now - lastAt;
    samples.push({
      t: Math.round((Date.now() - startedAt) / 1000),
      rssMb: apiMemoryMb(api, 'VmRSS'),
      apiCpuPct: Math.round(((cpu - lastCpu) / elapsed) * 100),
      loadCpuPct: Math.round(
        ((clientCpu.user - lastClientCpu.user + clientCpu.system - lastClientCpu.system) / 1000 / elapsed) *
          100,
      ),
      loadAverage1: Number(os.loadavg()[0].toFixed(2)),
    });
    [lastCpu, lastClientCpu, lastAt] = [cpu, clientCpu, now];
    if ((samples.length - 1) % ARENA_EVERY_SAMPLES !== 0) return undefined;
    const taken = samples.at(-1);
    return mallocArenaMb(api).then((mb) => {
      taken.mallocArenaMb = mb;
    });
  };
  await sample();
  const stopSampler = every(SAMPLE_EVERY_MS, sample, Number.POSITIVE_INFINITY);

  console.log(`${label} : ${sessions.length} sessions pendant ${seconds} s…`);
  const arrivalS = Math.min((ARRIVAL_S_PER_200 * sessions.length) / 200, seconds / 4);
  await Promise.all(sessions.map((session) => work(send, session, deadline, arrivalS)));
  await Promise.all([stopImports(), stopExports(), stopHealthz()]);
  await Promise.all([stopSampler(), stopGeneratorDelay()]);
  generatorDelay.disable();
  await sample();
  return {
    sessions: sessions.length,
    seconds,
    elapsedS: Math.round((Date.now() - startedAt) / 1000),
    imports,
    calls: recorder.summary(),
    interactiveBy30s: recorder.windows(startedAtPerf, WINDOW_S),
    generatorEventLoopMaxBy30s: generatorStalls,
    healthz: summariseHealthz(healthz),
    samples,
  };
}

function summariseHealthz(points) {
  const sorted = points.map((point) => point.ms).sort((a, b) => a - b);
  const buckets = new Map();
  for (const point of points) {
    const bucket = Math.floor(point.t / 30) * 30;
    buckets.set(bucket, Math.max(buckets.get(bucket) ?? 0, point.ms));
  }
  return {
    probes: points.length,
    failed: points.filter((point) => !point.ok).length,
    p50Ms: round(quantile(sorted, 0.5)),
    p99Ms: round(quantile(sorted, 0.99)),
    maxMs: round(sorted.at(-1) ?? 0),
    maxMsPer30s: [...buckets.entries()].map(([t, ms]) => ({ t, maxMs: round(ms) })),
  };
}

/**
 * RSS over a run: first, last, peak, and the slope after the arrivals (least squares, MB per minute);
 * the same slope for the main malloc arena (mallocArenaMb), free of V8's saw-tooth.
 */
function memoryTrend(samples) {
  const rss = samples.map((sample) => sample.rssMb);
  const rssTrend = trendOf(samples, 'rssMb');
  const arena = samples.filter((sample) => sample.mallocArenaMb !== undefined);
  const arenaTrend = trendOf(arena, 'mallocArenaMb');
  return {
    firstMb: rss[0],
    lastMb: rss.at(-1),
    maxMb: Math.max(...rss),
    slopeMbPerMinAfter60s: rssTrend.slope,
    meanMbFirstHalfAfter60s: rssTrend.firstHalf,
    meanMbSecondHalfAfter60s: rssTrend.secondHalf,
    mallocArena: {
      firstMb: arena[0]?.mallocArenaMb ?? 0,
      lastMb: arena.at(-1)?.mallocArenaMb ?? 0,
      slopeMbPerMinAfter60s: arenaTrend.slope,
    },
  };
}

/** Least-squares slope (per minute) of `key` over the samples after the first minute, and its halves' means. */
function trendOf(samples, key) {
  const settled = samples.filter((sample) => sample.t >= 60);
  const points = settled.length >= 3 ? settled : samples;
  const n = points.length;
  if (n === 0) return { slope: 0, firstHalf: 0, secondHalf: 0 };
  const meanT = points.reduce((sum, point) => sum + point.t, 0) / n;
  const meanV = points.reduce((sum, point) => sum + point[key], 0) / n;
  const covariance = points.reduce((sum, point) => sum + (point.t - meanT) * (point[key] - meanV), 0);
  const variance = points.reduce((sum, point) => sum + (point.t - meanT) ** 2, 0);
  const half = Math.floor(n / 2);
  const mean = (list) => list.reduce((sum, point) => sum + point[key], 0) / Math.max(1, list.length);
  return {
    slope: variance === 0 ? 0 : round((covariance / variance) * 60),
    firstHalf: round(mean(points.slice(0, half))),
    secondHalf: round(mean(points.slice(half))),
  };
}

/** Every call kind but the import and export, which nobody waits on with a spinner in front of them. */
const isInteractive = (kind) => !kind.startsWith('import/') && !kind.startsWith('export/');

function interactive(calls) {
  const entries = Object.entries(calls).filter(([kind]) => isInteractive(kind));
  return {
    count: entries.reduce((sum, [, entry]) => sum + entry.count, 0),
    errors: entries.reduce((sum, [, entry]) => sum + entry.errors, 0),
    worstP99Ms: Math.max(...entries.map(([, entry]) => entry.p99Ms)),
    worstP99Kind: entries.reduce((worst, entry) => (entry[1].p99Ms > worst[1].p99Ms ? entry : worst))[0],
  };
}
const errorsOf = (calls) => Object.values(calls).reduce((sum, entry) => sum + entry.errors, 0);
const meanOf = (samples, key) =>
  Math.round(samples.reduce((sum, sample) => sum + sample[key], 0) / Math.max(1, samples.length));

function printTable(title, calls) {
  console.log(`\n${title}`);
  console.log(
    `${'appel'.padEnd(34)}${'nombre'.padStart(8)}${'erreurs'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'max ms'.padStart(9)}`,
  );
  for (const [kind, entry] of Object.entries(calls)) {
    console.log(
      `${kind.padEnd(34)}${String(entry.count).padStart(8)}${String(entry.errors).padStart(9)}${String(entry.p50Ms).padStart(9)}${String(entry.p99Ms).padStart(9)}${String(entry.maxMs).padStart(9)}`,
    );
    for (const sample of entry.errorSamples ?? []) console.log(`    ${sample}`);
  }
}

async function main() {
  const uptimeAtStart = uptime();
  if (!existsSync(apiEntry)) {
    console.error(
      `API non construite (${path.relative(repo, apiEntry)} absent) : lancez "npx turbo run build --filter=@app/api".`,
    );
    process.exitCode = 1;
    return;
  }
  const dataDir = newDataDir();
  let port = await freePort();
  let api = start('API', [apiEntry], { ...apiEnv(port), ...LOAD_ENV });
  let base = `http://127.0.0.1:${port}`;
  await waitForHealth(`${base}/healthz`, api);
  console.log(
    `Limites relevées pour la mesure (variables d’environnement de l’API) : ${Object.entries(LOAD_ENV)
      .map(([name, value]) => `${name}=${value}`)
      .join(', ')} ; PASSWORD_HASH_COST=1024 (connexions rapides, hors boucle mesurée).`,
  );

  console.log(
    `Préparation par l’API : ${ORGANISATIONS.map((spec) => `${spec.members} membres et ${spec.prospects} prospects`).join(' ; ')}…`,
  );
  const seedStart = performance.now();
  let organisations = [];
  let seedS;
  let counts;
  const seedFile = seedDir ? path.join(seedDir, 'seed.json') : null;
  const reused = Boolean(seedFile && existsSync(seedFile));
  if (reused) {
    // A kept seeded store: copied into this run's DATA_DIR, the API restarted on it.
    const kept = JSON.parse(readFileSync(seedFile, 'utf8'));
    await stop(api);
    for (const name of readdirSync(dataDir))
      rmSync(path.join(dataDir, name), { recursive: true, force: true });
    cpSync(path.join(seedDir, 'data'), dataDir, { recursive: true });
    ({ organisations, seedS, counts } = kept);
    console.log(
      `Base préparée reprise de ${path.relative(repo, seedDir) || seedDir} (préparée en ${seedS} s).`,
    );
  } else {
    for (const [index, spec] of ORGANISATIONS.entries())
      organisations.push(await seedOrganisation(base, dataDir, spec, index + 1));
    seedS = Math.round((performance.now() - seedStart) / 1000);
    counts = await post(base, '/api/opportunity/getAllCount', {
      token: organisations[0].members[0].token,
      organisationId: organisations[0].organisationId,
    });
    if (seedFile) {
      await stop(api);
      mkdirSync(seedDir, { recursive: true });
      cpSync(dataDir, path.join(seedDir, 'data'), { recursive: true });
      writeFileSync(seedFile, `${JSON.stringify({ organisations, seedS, counts })}\n`);
    }
  }
  console.log(`Préparé en ${seedS} s ; liste du propriétaire : ${JSON.stringify(counts)}.`);
  if (cpuProfDir || api.exitCode !== null) {
    // The profile should hold the load, not the seeding: the same store, a new process.
    await stop(api);
    port = await freePort();
    api = start('API', [...(cpuProfDir ? ['--cpu-prof', '--cpu-prof-dir', cpuProfDir] : []), apiEntry], {
      ...apiEnv(port),
      ...LOAD_ENV,
    });
    base = `http://127.0.0.1:${port}`;
    await waitForHealth(`${base}/healthz`, api);
  }

  const loginStart = performance.now();
  const sessions = await signIn(base, organisations, SESSIONS);
  const loginS = Number(((performance.now() - loginStart) / 1000).toFixed(1));
  const rssAfterSeedMb = apiMemoryMb(api, 'VmRSS');

  let importFrom = 1_000_000;
  const main = await runPhase({ base, api, sessions, seconds: durationS, label: 'Mesure', importFrom });
  importFrom += main.imports * IMPORT_ROWS;
  printTable(`${SESSIONS} sessions, ${durationS} s :`, main.calls);

  const ramp = [];
  for (const level of RAMP.filter((value) => value > SESSIONS)) {
    const extra = await signIn(base, organisations, level - sessions.length, sessions.length);
    sessions.push(...extra);
    await pause(5000);
    const run = await runPhase({
      base,
      api,
      sessions,
      seconds: rampDurationS,
      label: 'Montée en charge',
      importFrom,
    });
    importFrom += run.imports * IMPORT_ROWS;
    printTable(`${level} sessions, ${rampDurationS} s :`, run.calls);
    ramp.push(run);
  }
  const peakRssMb = apiMemoryMb(api, 'VmHWM');
  await stop(api);

  const memory = memoryTrend(main.samples);
  const mainInteractive = interactive(main.calls);
  const levels = [main, ...ramp].map((run) => {
    const calls = interactive(run.calls);
    return {
      sessions: run.sessions,
      errors: errorsOf(run.calls),
      interactiveWorstP99Ms: calls.worstP99Ms,
      interactiveWorstP99Kind: calls.worstP99Kind,
      interactiveCallsPerSec: round(calls.count / run.seconds),
      healthzP99Ms: run.healthz.p99Ms,
      apiCpuPctMean: meanOf(run.samples.slice(1), 'apiCpuPct'),
      loadGeneratorCpuPctMean: meanOf(run.samples.slice(1), 'loadCpuPct'),
      breaks: errorsOf(run.calls) > 0 || calls.worstP99Ms > BREAK_P99_MS,
    };
  });
  const firstBreak = levels.find((run) => run.breaks);
  const byServerTime = Object.entries(main.calls).sort(([, a], [, b]) => b.totalS - a.totalS);
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'inconnu',
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    uptimeAtStart,
    uptimeAtEnd: uptime(),
    loadAverageAtEnd: os.loadavg().map((load) => Number(load.toFixed(2))),
    store: 'sqlite',
    apiEntry: path.relative(repo, apiEntry),
    seededStoreReused: reused,
    note: 'machine de 2 cœurs partagée avec d’autres ingénieurs (builds, tests) pendant la mesure, et le générateur de charge tourne sur la même machine que l’API : chiffres bruités, à lire avec apiCpuPct, loadCpuPct et loadAverage1 des échantillons',
    parameters: {
      sessions: SESSIONS,
      durationS,
      organisations: ORGANISATIONS,
      thinkMs: THINK_MS,
      arrivalS: Math.min((ARRIVAL_S_PER_200 * SESSIONS) / 200, durationS / 4),
      mix: Object.fromEntries(MIX),
      tabs: Object.fromEntries(TABS),
      pageSize: PAGE,
      pageDelayMs: PAGE_DELAY_MS,
      import: { everyS: IMPORT_EVERY_S, rows: IMPORT_ROWS },
      export: { everyS: EXPORT_EVERY_S, what: 'toute la liste du propriétaire' },
      apiEnv: { ...LOAD_ENV, PASSWORD_HASH_COST: '1024' },
      apiProcesses: WEB_CONCURRENCY || os.availableParallelism(),
      breakP99Ms: BREAK_P99_MS,
    },
    seeded: { seconds: seedS, ownerCounts: counts, loginSeconds: loginS, rssAfterSeedMb },
    run: {
      elapsedS: main.elapsedS,
      imports: main.imports,
      errors: errorsOf(main.calls),
      interactive: mainInteractive,
      calls: main.calls,
      healthz: main.healthz,
      interactiveBy30s: main.interactiveBy30s,
      generatorEventLoopMaxBy30s: main.generatorEventLoopMaxBy30s,
      memory,
      apiCpuPctMean: meanOf(main.samples.slice(1), 'apiCpuPct'),
      loadGeneratorCpuPctMean: meanOf(main.samples.slice(1), 'loadCpuPct'),
      samples: main.samples,
    },
    heaviestCallsByTotalTime: byServerTime
      .slice(0, 3)
      .map(([kind, entry]) => ({ kind, totalS: entry.totalS })),
    levels,
    ramp: { seconds: rampDurationS, runs: ramp },
    firstBreak: firstBreak ?? null,
    apiPeakRssMb: peakRssMb,
  };
  mkdirSync(path.dirname(resultsFile), { recursive: true });
  writeFileSync(resultsFile, `${JSON.stringify(report, null, 2)}\n`);

  console.log(
    `\nMémoire de l’API (RSS) : ${memory.firstMb} Mo au début, ${memory.lastMb} Mo à la fin, ${memory.maxMb} Mo au plus ; pente après 60 s ${memory.slopeMbPerMinAfter60s} Mo/min (moyennes ${memory.meanMbFirstHalfAfter60s} puis ${memory.meanMbSecondHalfAfter60s} Mo). Tas principal de malloc ([heap]) : ${memory.mallocArena.firstMb} → ${memory.mallocArena.lastMb} Mo, pente après 60 s ${memory.mallocArena.slopeMbPerMinAfter60s} Mo/min.`,
  );
  console.log(
    `/healthz pendant la charge : p50 ${main.healthz.p50Ms} ms, p99 ${main.healthz.p99Ms} ms, max ${main.healthz.maxMs} ms. CPU moyen : API ${report.run.apiCpuPctMean} %, générateur ${report.run.loadGeneratorCpuPctMean} % (d’un cœur).`,
  );
  console.log(
    `Appels interactifs par 30 s (début : p99 / max ms) : ${main.interactiveBy30s.map((w) => `${w.t} s ${w.p99Ms}/${w.maxMs}`).join(', ')}.`,
  );
  console.log(
    `Boucle d’événements du générateur, pire attente par 30 s (ms) : ${main.generatorEventLoopMaxBy30s.map((w) => `${w.t} s ${w.maxMs}`).join(', ')}.`,
  );
  console.log(
    `Appels les plus coûteux (temps cumulé) : ${report.heaviestCallsByTotalTime.map((entry) => `${entry.kind} ${entry.totalS} s`).join(', ')}.`,
  );
  for (const level of levels)
    console.log(
      `${level.sessions} sessions : ${level.errors} erreurs, pire p99 interactif ${level.interactiveWorstP99Ms} ms (${level.interactiveWorstP99Kind}), /healthz p99 ${level.healthzP99Ms} ms, CPU API ${level.apiCpuPctMean} %, générateur ${level.loadGeneratorCpuPctMean} %${level.breaks ? ' — rompt' : ''}`,
    );
  console.log(
    firstBreak
      ? `Premier point de rupture : ${firstBreak.sessions} sessions (p99 > ${BREAK_P99_MS} ms ou erreurs).`
      : `Pas de rupture jusqu’à ${levels.at(-1).sessions} sessions (p99 ≤ ${BREAK_P99_MS} ms, 0 erreur).`,
  );
  console.log(`Résultats écrits dans ${path.relative(repo, resultsFile)}`);
  if (report.run.errors > 0) {
    console.error(`Attention : ${report.run.errors} appels en erreur à ${SESSIONS} sessions.`);
    process.exitCode = 1;
  }
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(cleanUp);
