// An import as shipped on a two-core machine: `npm start` with WEB_CONCURRENCY=2, one primary and two
// workers on one DATA_DIR, the batches of one import reaching both workers (each batch on a connection
// of its own, which the cluster hands to the workers in turn), two at a time and out of order, one sent
// twice. The lease keeps them in file order across the processes, the waiting process is woken through
// the primary (import-lease-waits.ts): the stored prospects are byte for byte those of one process.
// Then the same import with its workers killed (SIGKILL) between batches, one, the other, then both at
// once: the primary stays, replaces them, the API answers again and the import ends with the same bytes
// (every-core.md, "A worker killed during an import"). Then a worker stalled and killed under a batch
// while the next is in flight, sent as the browser's upload sends them (every-core.md, "A batch sent
// ahead, at a worker killed or stalled").
// Runs api/dist (rebuilt here when older than the sources).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { IMPORT_BUSY_CODE, IMPORT_ROWS_MISSING_CODE } from '@app/domain';
import Database from 'better-sqlite3';
import { STORE_FILE } from '../../db/sqlite-store';
import {
  type ApiProcess,
  buildApiIfStale,
  childrenOf,
  freePort,
  isRunning,
  pidServing,
  postOnNewConnection as post,
  type Reply,
  signUpOwner,
  startApi,
  startCluster,
  stopApi,
} from '../../test-support/api-process';
import { GOLDEN_COLUMNS, GOLDEN_MAPPING, goldenCells } from '../../test-support/import-golden-data';

const ROWS = 6_000;
const BATCH = 500;

/** Kills every pid outright (SIGKILL) and waits until they are gone. */
async function kill(...pids: number[]): Promise<void> {
  for (const pid of pids) process.kill(pid, 'SIGKILL');
  while (pids.some(isRunning)) await sleep(20);
}

/**
 * `post` as the browser's upload sends a batch: a call that got no answer (the connection refused or
 * cut while no worker listens) is sent again, here until the API has been unreachable for a minute.
 */
async function postAgainUntilAnswered(url: string, route: string, body: Record<string, unknown>) {
  const giveUpAt = Date.now() + 60_000;
  for (;;) {
    try {
      return await post(url, route, body);
    } catch (error) {
      if (Date.now() > giveUpAt) throw error;
      await sleep(250);
    }
  }
}

type Imported = { summary: unknown; docs: string[]; idProcessParts: Set<string> };

/** As the browser's upload (upload-import.ts, MAX_BATCH_RESENDS): a batch refused 409 is sent again so often. */
const RESENDS = 3;

/** A batch on its way, as the browser's upload keeps it: its answer, and a way to send it again beside. */
type SentBatch = { answer: Promise<Reply>; sendAgain(): void };

/**
 * One batch as the browser's upload sends it (upload-import.ts): `first` for its first attempt, `again`
 * after (sent again until answered after a network failure); after a 409 ROWS_MISSING the batch before
 * is sent again beside its attempt under way (whose call may be lost) and this one once that one is
 * answered, after a 409 IMPORT_BUSY at once, RESENDS times at most. The first answer of any attempt
 * counts. `answered` sees the first attempt's first answer.
 */
function sendAsTheBrowser(
  first: () => Promise<Reply>,
  again: () => Promise<Reply>,
  before: SentBatch | null,
  answered?: (reply: Reply) => Promise<void>,
): SentBatch {
  let settled = false;
  let done: (reply: Reply) => void = () => undefined;
  let failed: (error: unknown) => void = () => undefined;
  const answer = new Promise<Reply>((resolve, reject) => {
    done = resolve;
    failed = reject;
  });
  const withResends = async (call: () => Promise<Reply>, firstAttempt: boolean) => {
    // An attempt whose call ends after the batch was answered (its connection closed at the end of the
    // test) is not sent again.
    let reply = await call().catch((error: unknown) => (settled ? Promise.reject(error) : again()));
    if (firstAttempt) await answered?.(reply);
    for (let resent = 0; resent < RESENDS && reply.status === 409; resent += 1) {
      if (reply.body.code === IMPORT_ROWS_MISSING_CODE && before) {
        before.sendAgain();
        await before.answer;
      } else if (reply.body.code !== IMPORT_BUSY_CODE) break;
      reply = await again();
    }
    return reply;
  };
  const attempt = (call: () => Promise<Reply>, firstAttempt: boolean) =>
    withResends(call, firstAttempt).then(
      (reply) => {
        settled = true;
        done(reply);
      },
      (error: unknown) => {
        settled = true;
        failed(error);
      },
    );
  void attempt(first, true);
  return {
    answer,
    sendAgain: () => {
      if (!settled) void attempt(again, false);
    },
  };
}

/** The stored documents of `excelId` as importThrough reads them (ids of one store left out). */
function storedDocs(dataDir: string, excelId: string): Omit<Imported, 'summary'> {
  const db = new Database(path.join(dataDir, STORE_FILE), { readonly: true });
  try {
    const rows = db.prepare("SELECT _id, doc FROM c_prospects WHERE doc->>'excelId' = ?").all(excelId) as {
      _id: string;
      doc: string;
    }[];
    const docs = rows
      .map((row) => JSON.parse(row.doc) as Record<string, unknown> & { rowIndex: number })
      .sort((a, b) => a.rowIndex - b.rowIndex)
      // Each document as stored, but for the ids of its organisation, owner and file (one per store).
      .map((doc) =>
        JSON.stringify({ ...doc, organisationId: undefined, userId: undefined, excelId: undefined }),
      );
    // An id's bytes 5 to 9 are drawn once per thread that made it (db/ids.ts): which processes stored rows.
    return { docs, idProcessParts: new Set(rows.map((row) => row._id.slice(8, 18))) };
  } finally {
    db.close();
  }
}

/** A reply's status, with its code when it has one ("409 IMPORT_BUSY"). */
const answerOf = (reply: Reply) =>
  typeof reply.body.code === 'string' ? `${reply.status} ${reply.body.code}` : String(reply.status);

/**
 * Imports `cells` into `api`'s store in batches, by pairs, one sent twice; `between` runs before each
 * pair. `twoAtATime`: the two of a pair sent together, the later one first; else one after the other.
 */
async function importThrough(
  api: ApiProcess,
  dataDir: string,
  cells: string[][],
  { twoAtATime = true, between }: { twoAtATime?: boolean; between?: (offset: number) => Promise<void> } = {},
): Promise<Imported> {
  const owner = await signUpOwner(api.url, 'grappe.import@exemple.fr');
  const start = await post(api.url, '/api/prospect/import/start', {
    ...owner,
    name: 'Communes par deux processus',
    isPrivate: false,
    value: GOLDEN_MAPPING,
    columns: GOLDEN_COLUMNS,
    totalRows: cells.length,
    duplicates: 'skip',
  });
  expect(start.status).toBe(200);
  const importId = start.body.importId as string;
  const sendOnce = (offset: number) =>
    postAgainUntilAnswered(api.url, '/api/prospect/import/rows', {
      ...owner,
      importId,
      offset,
      cells: cells.slice(offset, offset + BATCH),
    });
  // A batch refused 409 IMPORT_BUSY (the batch before held the lease past LEASE_WAIT_MS: a first batch
  // that starts a worker's threads on a loaded machine) is sent again, as the browser's upload does,
  // RESENDS times at most.
  const send = async (offset: number) => {
    let reply = await sendOnce(offset);
    for (let resent = 0; resent < RESENDS && reply.body.code === IMPORT_BUSY_CODE; resent += 1)
      reply = await sendOnce(offset);
    return reply;
  };
  const replies: Reply[] = [];
  for (let offset = 0; offset < cells.length; offset += 2 * BATCH) {
    await between?.(offset);
    if (twoAtATime) {
      const [later, earlier] = await Promise.all([send(offset + BATCH), send(offset)]);
      // The later batch waits 3 s at most for the one before it (GAP_WAIT_MS), which a loaded machine
      // may take longer to store (a first batch starts the import's threads): refused 409 ROWS_MISSING
      // then, it is sent again once that one is answered, as the browser's upload does (CI saw it).
      const missing = later.status === 409 && later.body.code === IMPORT_ROWS_MISSING_CODE;
      replies.push(earlier, missing ? await send(offset + BATCH) : later);
    } else replies.push(await send(offset), await send(offset + BATCH));
    if (offset === 2 * BATCH) replies.push(await send(offset));
  }
  // Each answer with its code: a refusal says why (ROWS_MISSING, IMPORT_BUSY) in the failure's diff.
  expect(replies.map(answerOf)).toEqual(replies.map(() => '200'));
  const finished = await postAgainUntilAnswered(api.url, '/api/prospect/import/finish', {
    ...owner,
    importId,
  });
  expect(finished.status).toBe(200);
  const excelId = finished.body.excelId as string;

  return { summary: finished.body.summary, ...storedDocs(dataDir, excelId) };
}

/** The import's document in the store: rows received, and the lease while a call holds it. */
function importState(dataDir: string, importId: string): { received: number; leaseUntil?: number } {
  const db = new Database(path.join(dataDir, STORE_FILE), { readonly: true });
  try {
    const row = db.prepare('SELECT doc FROM c_prospectFiles WHERE _id = ?').get(importId) as { doc: string };
    return JSON.parse(row.doc) as { received: number; leaseUntil?: number };
  } finally {
    db.close();
  }
}

/** When the worker taking a batch is stopped: as the batch arrives, or while it stores it (its lease held). */
type Lost = 'arriving' | 'storing';

const LOST_BATCH = 1500;

/**
 * Imports `cells` through a cluster of two workers as the browser's upload does (batches of
 * LOST_BATCH, two on their way), except that the worker taking the second batch is stopped (SIGSTOP:
 * a worker stalled, or a replacement that starts slowly) `when`, the third batch then sent beside it
 * (to the other worker), and the stopped worker killed (SIGKILL) once the third batch has its first
 * answer. Returns the import and the statuses of every batch's final answer.
 */
async function importWithWorkerLost(
  api: ApiProcess,
  dataDir: string,
  cells: string[][],
  when: Lost,
): Promise<Imported & { statuses: number[]; firstAnswerOfNext: Reply }> {
  let stopped: number | undefined;
  try {
    return await importWithWorkerStopped(api, dataDir, cells, when, (pid) => {
      stopped = pid;
    });
  } finally {
    // A stopped worker would outlive its primary (it cannot read that its channel closed).
    if (stopped !== undefined && isRunning(stopped)) process.kill(stopped, 'SIGKILL');
  }
}

async function importWithWorkerStopped(
  api: ApiProcess,
  dataDir: string,
  cells: string[][],
  when: Lost,
  onStop: (pid: number) => void,
): Promise<Imported & { statuses: number[]; firstAnswerOfNext: Reply }> {
  const primary = api.child.pid as number;
  const port = Number(new URL(api.url).port);
  const owner = await signUpOwner(api.url, 'grappe.perdue@exemple.fr');
  const start = await post(api.url, '/api/prospect/import/start', {
    ...owner,
    name: 'Communes par deux processus',
    isPrivate: false,
    value: GOLDEN_MAPPING,
    columns: GOLDEN_COLUMNS,
    totalRows: cells.length,
    duplicates: 'skip',
  });
  const importId = start.body.importId as string;
  const route = '/api/prospect/import/rows';
  const body = (offset: number) => ({
    ...owner,
    importId,
    offset,
    cells: cells.slice(offset, offset + LOST_BATCH),
  });
  const again = (offset: number) => () => postAgainUntilAnswered(api.url, route, body(offset));

  const firstBatch = sendAsTheBrowser(again(0), again(0), null);
  const batches: SentBatch[] = [firstBatch];
  // Every batch before the pair answered: the second batch's worker is then the only holder of the lease.
  await firstBatch.answer;

  const workers = childrenOf(primary);
  let stopped: number | undefined;
  const stopServing = async (localPort: number) => {
    let serving: number | undefined;
    while (serving === undefined) {
      serving = pidServing(port, localPort, workers);
      if (serving === undefined) await sleep(1);
    }
    if (when === 'storing') while ((importState(dataDir, importId).leaseUntil ?? 0) === 0) await sleep(1);
    onStop(serving);
    process.kill(serving, 'SIGSTOP');
    stopped = serving;
  };
  let stopping: Promise<void> | undefined;
  const second = sendAsTheBrowser(
    () =>
      when === 'arriving'
        ? post(api.url, route, body(LOST_BATCH), stopServing)
        : // The whole body at once; the worker stopped once it holds the lease.
          post(api.url, route, body(LOST_BATCH), (localPort) => {
            stopping = stopServing(localPort);
            return Promise.resolve();
          }),
    again(LOST_BATCH),
    firstBatch,
  );
  batches.push(second);
  if (when === 'storing') while (stopping === undefined) await sleep(1);
  await stopping;
  while (stopped === undefined) await sleep(1);
  const lost = stopped;
  // Stopped before it could store the batch: nothing received beyond the first batch.
  expect(importState(dataDir, importId).received).toBe(LOST_BATCH);

  // The third batch beside it, on the other worker (the stopped one cannot take a connection).
  let firstAnswerOfNext: Reply | undefined;
  let nextServedBy: number | undefined;
  const third = sendAsTheBrowser(
    () =>
      post(api.url, route, body(2 * LOST_BATCH), async (localPort) => {
        while (nextServedBy === undefined) {
          nextServedBy = pidServing(port, localPort, workers);
          if (nextServedBy === undefined) await sleep(1);
        }
      }),
    again(2 * LOST_BATCH),
    second,
    async (reply) => {
      firstAnswerOfNext = reply;
      await kill(lost);
    },
  );
  batches.push(third);
  // The rest two on their way, as the browser's upload sends them.
  for (let offset = 3 * LOST_BATCH; offset < cells.length; offset += LOST_BATCH) {
    await batches[batches.length - 2]?.answer;
    batches.push(sendAsTheBrowser(again(offset), again(offset), batches[batches.length - 1] ?? null));
  }
  const statuses = (await Promise.all(batches.map((batch) => batch.answer))).map((reply) => reply.status);
  expect(nextServedBy).not.toBe(lost);
  const finished = await postAgainUntilAnswered(api.url, '/api/prospect/import/finish', {
    ...owner,
    importId,
  });
  expect(finished.status).toBe(200);
  return {
    summary: finished.body.summary,
    ...storedDocs(dataDir, finished.body.excelId as string),
    statuses,
    firstAnswerOfNext: firstAnswerOfNext as Reply,
  };
}

describe('an import whose batches reach both processes of `npm start` (WEB_CONCURRENCY=2)', () => {
  const dataDirs: string[] = [];
  const apis: ApiProcess[] = [];
  beforeAll(() => buildApiIfStale(), 180_000);
  afterAll(async () => {
    await Promise.all(apis.map((api) => stopApi(api, 'SIGKILL')));
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  });
  const newDataDir = () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'api-import-cluster-'));
    dataDirs.push(dataDir);
    return dataDir;
  };

  const cells = goldenCells(ROWS, 35);
  // The same import through one process (WEB_CONCURRENCY=1), made once for both tests.
  let reference: Promise<Imported> | undefined;
  const alone = () => {
    reference ??= (async () => {
      const aloneDir = newDataDir();
      const api = await startApi(aloneDir, await freePort(), { WEB_CONCURRENCY: '1' });
      apis.push(api);
      return importThrough(api, aloneDir, cells);
    })();
    return reference;
  };

  it('stores in file order, once, exactly what one process stores', async () => {
    const clusterDir = newDataDir();
    const cluster = await startCluster(clusterDir, 2);
    apis.push(cluster);
    const shared = await importThrough(cluster, clusterDir, cells);
    const single = await alone();

    // Both workers stored batches (their import threads' ids), one process's thread alone the other.
    expect(shared.idProcessParts.size).toBe(2);
    expect(single.idProcessParts.size).toBe(1);
    expect(shared.docs.length).toBeGreaterThan(4_000);
    expect(shared.summary).toEqual(single.summary);
    expect(shared.docs).toEqual(single.docs);
  }, 180_000);

  // A batch's worker stopped (SIGSTOP: stalled, or slow to start), then killed, the next batch sent
  // beside it to the other worker:
  // - stopped as the batch arrives: the next one waits for the rows before it, in vain, and is refused
  //   409 ROWS_MISSING; the batch is sent again to the other worker, and the refused one after it (the
  //   browser's upload). Before the refusal carried its code and the upload sent it again, the import
  //   failed there with "Lignes manquantes" (every-core.md, "A batch sent ahead");
  // - stopped while it stores the batch (it holds the import's lease, and SQLite's write lock): the next
  //   batch waits for the lease, in vain, and is refused 409 IMPORT_BUSY; once the holder is killed, its
  //   lease is taken at once (its token names a worker gone), not after 60 s.
  it.each([
    ['as a batch arrives', 'arriving', IMPORT_ROWS_MISSING_CODE],
    ['while it stores a batch', 'storing', IMPORT_BUSY_CODE],
  ] as const)(
    'a worker stalled then killed %s, the next batch in flight: the import ends with the same bytes',
    async (_when, moment, refusal) => {
      const dir = newDataDir();
      const cluster = await startCluster(dir, 2);
      apis.push(cluster);
      const lost = await importWithWorkerLost(cluster, dir, cells, moment);
      expect(lost.firstAnswerOfNext.status).toBe(409);
      expect(lost.firstAnswerOfNext.body.code).toBe(refusal);
      expect(lost.statuses).toEqual(lost.statuses.map(() => 200));
      const single = await alone();
      expect(lost.summary).toEqual(single.summary);
      expect(lost.docs).toEqual(single.docs);
    },
    180_000,
  );

  // The workers killed (SIGKILL) between batches: the first; two batches later the second and the
  // first's replacement, still starting (that one stopped the whole API: a worker that never listened
  // was taken for a failed start); two batches later both again. Five deaths, the most the primary
  // replaces within a minute. For a while no worker listens and the port refuses connections. The
  // primary stays and replaces each; every batch is answered 200 (sent again when no worker took its
  // connection, as the browser's upload does) and the same bytes are stored, once, as by one process
  // receiving the batches two at a time.
  it('survives its workers killed between batches: the API answers again, the import ends with the same bytes', async () => {
    const killedDir = newDataDir();
    const killed = await startCluster(killedDir, 2);
    apis.push(killed);
    const primary = killed.child.pid as number;
    const [first, second] = childrenOf(primary) as [number, number];
    const survived = await importThrough(killed, killedDir, cells, {
      // One at a time: a batch sent ahead of its predecessor waits 3 s at most for it (GAP_WAIT_MS),
      // less than a replacement may take to start on a loaded machine, and is then refused (409).
      twoAtATime: false,
      between: async (offset) => {
        if (offset === 2 * BATCH) await kill(first);
        if (offset === 4 * BATCH) await kill(...childrenOf(primary));
        if (offset === 6 * BATCH) await kill(...childrenOf(primary));
      },
    });
    expect(isRunning(primary)).toBe(true);
    expect(killed.child.exitCode).toBeNull();
    const workers = childrenOf(primary);
    expect(workers).toHaveLength(2);
    expect(workers).not.toContain(first);
    expect(workers).not.toContain(second);
    expect((await fetch(`${killed.url}/healthz`)).status).toBe(200);
    const single = await alone();
    expect(survived.summary).toEqual(single.summary);
    expect(survived.docs).toEqual(single.docs);
  }, 300_000);
});
