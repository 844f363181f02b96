// The import of a prospect file, in batches: start (an invisible 'importing' file), rows (each batch
// normalised, deduplicated and stored with one insertMany), finish (the file becomes visible in one
// conditional update), abort, and the sweep of imports a crash or a closed tab left behind.
// Protocol and limits: docs/decisions/prospect-import.md.
import {
  type ImportBatchData,
  type ImportResult,
  type ImportRow,
  type ImportStartData,
  type ImportSummary,
  MAX_IMPORT_BATCH_ROWS,
  PARSED_EXTRA_KEY,
  type ProspectImportData,
  yieldToEventLoop,
  type ImportStartReply,
  type ImportRowsReply,
  IMPORT_BUSY_CODE,
  IMPORT_ROWS_MISSING_CODE,
} from '@app/domain';
import { AppError } from '../../http/app-error';
import { leaseHolders, type LeaseHolders } from '../../lease-holders';
import { type DedupLookup, storedDedupKeys } from './dedup-lookup';
import { PROSPECT_MESSAGES } from './errors';
import { ImportLeaseWaits } from './import-lease-waits';
import type { ImportPool } from './import-pool';
import {
  prepareBatch,
  type PrepareJob,
  type PreparedBatch,
  type PreparedInThread,
  type RowFacts,
} from './import-rows';
import { KeyedLock } from './keyed-lock';
import type { OfflinePositions } from './offline-positions';
import type { RecordAudit } from '../audit/module';
import type { Notify } from '../notifications/module';
import type { BatchCounts, ProspectFileDoc, ProspectsRepository } from './repository';

export type Caller = { organisationId: string; userId: string };

/** Rejections listed in the summary; beyond that they are only counted (the document stays small). */
export const MAX_LISTED_REJECTIONS = 10_000;
/** An import without a batch for this long is abandoned (tab closed, network gone). */
export const IMPORT_IDLE_MS = 30 * 60 * 1000;
/** How long one instance may hold an import (a 2,000-row batch takes well under a second). */
export const IMPORT_LEASE_MS = 60 * 1000;
/** How long a call waits for the lease another instance holds before answering 409. */
const LEASE_WAIT_MS = 20 * 1000;
const LEASE_POLL_MS = 25;

export type ImportServiceDeps = {
  repository: ProspectsRepository;
  usernameOf: (userId: string) => Promise<string>;
  now: () => number;
  /**
   * Offline positions, set on each row as it is stored (as its département is): a second write of
   * every row afterwards would cost as much as the import (docs/decisions/offline-positions.md).
   */
  positions?: () => OfflinePositions;
  /** Tells the importer their import finished or failed (notification centre). */
  notify: Notify;
  /** The organisation's audit log: a finished import, with its row count. */
  record: RecordAudit;
  /**
   * Threads preparing the batches (validation, normalisation, positions) off the event loop, while
   * the batch before is stored; without it the main thread prepares them, in slices.
   */
  pool?: ImportPool;
  /**
   * Wakes a call waiting for an import's lease when it is given back, here or in another API process
   * (without it, or between processes outside a cluster, the wait only polls the store).
   */
  leaseWaits?: ImportLeaseWaits;
  /**
   * Makes the lease tokens, and says when one's holder died (a worker of the cluster killed under a
   * batch): its lease is taken at once rather than after IMPORT_LEASE_MS. Default: leaseHolders().
   */
  holders?: LeaseHolders;
};

export function summaryOf(file: ProspectFileDoc): ImportSummary {
  return {
    imported: file.imported,
    duplicates: file.duplicatesFound,
    duplicatesSkipped: file.duplicatesSkipped,
    siretFlagged: file.siretFlagged,
    rejected: file.rejected,
    rejectedCount: file.rejectedCount,
  };
}

/** Column titles in the order the rows first show them (a one-shot /load carries no header list). */
function columnsOf(rows: ImportRow[]): string[] {
  const columns = new Set<string>();
  for (const row of rows)
    for (const column of Object.keys(row)) if (column !== PARSED_EXTRA_KEY) columns.add(column);
  return [...columns];
}

/**
 * A batch ahead of the rows received waits this long for the batches before it (the modal sends a
 * few side by side, and they may arrive out of order) before it is answered "Lignes manquantes".
 */
const GAP_WAIT_MS = 3000;
const GAP_POLL_MS = 20;
/** Answer of a batch's attempt while the rows before it are still on their way. */
const AHEAD = Symbol('ahead');

/**
 * A batch's duplicate look-up begun before its turn, while the batch before it is stored here: the
 * keys found among the organisation's visible files, this import's rows from `fromRow` (its `received`
 * then) on left out. Under the lock the keys this process stored from `fromRow` on complete it.
 */
type EarlyLookup = { fromRow: number; keys: Set<string>; found: Set<string> };
/**
 * A prepared batch: with its documents' texts, or, where the threads insert, with the rows' facts only
 * (the texts wait for the inserting thread, PreparedInThread).
 */
type Prepared = PreparedBatch | PreparedInThread;
/** A batch's preparation begun before its turn (wrapped: an async function would wait for it). */
type Early = { prepared: Promise<Prepared>; lookup?: Promise<EarlyLookup> } | null;

/** What preparing `batch` of `file` needs. */
function jobOf(file: ProspectFileDoc, batch: Pick<ImportBatchData, 'offset' | 'cells' | 'rows'>): PrepareJob {
  return {
    organisationId: file.organisationId,
    excelId: file._id,
    userId: file.userId,
    isPrivate: file.isPrivate,
    columns: file.columns,
    mapping: file.mapping,
    options: file.options,
    offset: batch.offset,
    ...(batch.cells ? { cells: batch.cells } : { rows: batch.rows ?? [] }),
  };
}

/** The batch without its first `skip` rows (already received). */
function sliceFrom(input: ImportBatchData, skip: number): Pick<ImportBatchData, 'offset' | 'cells' | 'rows'> {
  return {
    offset: input.offset + skip,
    ...(input.cells ? { cells: input.cells.slice(skip) } : { rows: (input.rows ?? []).slice(skip) }),
  };
}

/** The texts of the rows `kept` (in file order, among `prepared`'s). */
function textsOf(prepared: PreparedBatch, kept: RowFacts[]): string[] {
  const wanted = new Set(kept.map((row) => row.rowIndex));
  return prepared.rows.filter((row) => wanted.has(row.rowIndex)).map((row) => row.body);
}

/** A batch's rows to store (RowFacts of its prepared rows), its counts and its rejected rows to list. */
type Deduplicated = { rows: RowFacts[]; counts: BatchCounts; rejected: ImportSummary['rejected'] };

/** Lets go of the texts a thread holds for a batch that is not stored (nothing once handed over). */
function dropHeld(prepared: Prepared): void {
  if ('bodies' in prepared) prepared.bodies.close();
}
/** The keys a batch stored here, for the next batch's look-up begun early (rows `from` to `to`). */
type StoredKeys = { from: number; to: number; keys: string[] };
/** Imports whose last stored keys this process keeps (an abandoned import's go after this many). */
const KEPT_KEY_IMPORTS = 16;

/**
 * The import's lease as a call holds it (`held`). A batch's acknowledgement ends it in its own write
 * (`ack`): it gives the lease back, or, when another call of this import already waits in this
 * process, extends it and hands it to that call, which then neither takes it nor waits.
 */
type Lease = {
  token: string;
  /** What the acknowledgement writes about the lease, and records which of the two it did. */
  ack(): { token: string; until?: number };
  /** Set by `ack`: 'kept' for the next call of this process, 'released' in the acknowledgement. */
  outcome?: 'kept' | 'released';
};

const notFound = (): Promise<never> => Promise.reject(AppError.notFound(PROSPECT_MESSAGES.importNotFound));

export class ProspectImportService {
  private readonly lock = new KeyedLock();
  private readonly waits: ImportLeaseWaits;
  private readonly holders: LeaseHolders;
  /** Leases an acknowledgement extended for the call of the same import waiting behind it here. */
  private readonly kept = new Map<string, string>();
  /** Per import, the keys of the last batches stored here (for EarlyLookup), oldest first. */
  private readonly storedKeys = new Map<string, StoredKeys[]>();

  constructor(private readonly deps: ImportServiceDeps) {
    this.waits = deps.leaseWaits ?? new ImportLeaseWaits();
    this.holders = deps.holders ?? leaseHolders();
  }

  async start(caller: Caller, input: ImportStartData): Promise<ImportStartReply> {
    const now = this.deps.now();
    const file = await this.deps.repository.insertFile({
      organisationId: caller.organisationId,
      userId: caller.userId,
      username: await this.deps.usernameOf(caller.userId),
      name: input.name,
      isPrivate: input.isPrivate,
      manual: false,
      status: 'importing',
      count: 0,
      countSelected: 0,
      date: now,
      lastModificationDate: now,
      importStartedAt: now,
      lastActivityAt: now,
      mapping: input.value,
      columns: input.columns,
      totalRows: input.totalRows,
      duplicates: input.duplicates,
      options: input.options,
      received: 0,
      imported: 0,
      duplicatesFound: 0,
      duplicatesSkipped: 0,
      siretFlagged: 0,
      rejected: [],
      rejectedCount: 0,
    });
    // Not awaited: the answer goes now. A thread that fails here is dropped by the pool, and the first
    // batch starts another.
    this.deps.pool?.warm(this.deps.positions !== undefined).catch(() => undefined);
    return { importId: file._id };
  }

  /**
   * Stores one batch. A batch already acknowledged is acknowledged again, never stored twice; a batch
   * ahead of the rows received waits a little for the ones before it (GAP_WAIT_MS). Its rows are
   * prepared before the import's lock is taken, so a batch is prepared while the one before is stored.
   */
  async addRows(caller: Caller, input: ImportBatchData): Promise<ImportRowsReply> {
    const waitUntil = Date.now() + GAP_WAIT_MS;
    const prepared = await this.prepareEarly(caller, input);
    try {
      return await this.storeInTurn(caller, input, prepared, waitUntil);
    } finally {
      void prepared?.prepared.then(dropHeld, () => undefined);
    }
  }

  /** Stores the batch once the rows before it are stored ("Lignes manquantes" past `waitUntil`). */
  private async storeInTurn(
    caller: Caller,
    input: ImportBatchData,
    prepared: Early,
    waitUntil: number,
  ): Promise<ImportRowsReply> {
    for (;;) {
      const reply = await this.held(caller, input.importId, notFound, (lease) =>
        this.storeBatch(caller, input, prepared, lease),
      );
      if (reply !== AHEAD) return reply;
      if (Date.now() > waitUntil) {
        const file = await this.deps.repository.findOwnImport(
          caller.organisationId,
          caller.userId,
          input.importId,
        );
        throw AppError.conflict(PROSPECT_MESSAGES.missingRows(file?.received ?? 0), IMPORT_ROWS_MISSING_CODE);
      }
      // Woken as soon as a batch is stored, here or in another process (the timeout is the fallback).
      await this.waits.next(input.importId, GAP_POLL_MS, true).done;
    }
  }

  /**
   * The batch's preparation, begun now (the import's settings never change after start); null when
   * there is nothing to prepare: no such import, or every row already received.
   */
  private async prepareEarly(caller: Caller, input: ImportBatchData): Promise<Early> {
    const file = await this.deps.repository.findOwnImport(
      caller.organisationId,
      caller.userId,
      input.importId,
    );
    const sent = input.cells ?? input.rows ?? [];
    if (!file || file.received >= input.offset + sent.length) return null;
    // Over the embedded store the thread that prepares the batch looks its keys up too: the event
    // loop reads none of them.
    const inThread = this.deps.pool?.looksUp
      ? await this.lookupOf(caller, file).catch(() => undefined)
      : undefined;
    const prepared = this.prepare(file, input, inThread);
    // Awaited under the lock, unless the batch is refused before: not an unhandled rejection then.
    prepared.catch(() => undefined);
    // While a batch of this import is stored here, the rows it stores will be known here: look up the
    // others now, during its insert, rather than after it on the import's one chain.
    if (!inThread && this.lock.pending(input.importId) === 0) return { prepared };
    const lookup = prepared.then((batch) => this.lookUpEarly(caller, file, batch));
    lookup.catch(() => undefined);
    return { prepared, lookup };
  }

  /** Where a batch's look-up begun before its turn looks: this file's rows already received left out. */
  private async lookupOf(caller: Caller, file: ProspectFileDoc): Promise<DedupLookup> {
    return {
      organisationId: caller.organisationId,
      files: await this.visibleFiles(caller, file),
      before: { excelId: file._id, fromRow: file.received },
    };
  }

  /** The batch's keys found at its preparation (by its thread), or looked up now. */
  private async lookUpEarly(caller: Caller, file: ProspectFileDoc, batch: Prepared): Promise<EarlyLookup> {
    const keys = new Set(batch.rows.map((row) => row.dedupKey));
    const found = batch.found
      ? new Set(batch.found)
      : await this.lookUp(await this.lookupOf(caller, file), [...keys]);
    return { fromRow: file.received, keys, found };
  }

  private async visibleFiles(caller: Caller, file: ProspectFileDoc): Promise<string[]> {
    return [...(await this.deps.repository.visibleFileIds(caller.organisationId, caller.userId)), file._id];
  }

  /** The keys among `keys` the lookup's files hold, from this event loop (a turn between two slices). */
  private lookUp(lookup: DedupLookup, keys: string[]): Promise<Set<string>> {
    return storedDedupKeys(this.deps.repository, lookup, keys, yieldToEventLoop);
  }

  /**
   * The keys this process stored for `importId` from row `from` to row `to`, or null when some of
   * those rows were stored elsewhere (another process, or a batch this process no longer remembers).
   */
  private keysStoredHere(importId: string, from: number, to: number): Set<string> | null {
    const keys = new Set<string>();
    let reached = from;
    for (const batch of this.storedKeys.get(importId) ?? []) {
      if (batch.to <= reached) continue;
      if (batch.from !== reached) return null;
      for (const key of batch.keys) keys.add(key);
      reached = batch.to;
    }
    return reached >= to ? keys : null;
  }

  private rememberKeys(importId: string, batch: StoredKeys): void {
    const batches = (this.storedKeys.get(importId) ?? []).slice(-1);
    this.storedKeys.delete(importId);
    this.storedKeys.set(importId, [...batches, batch]);
    for (const other of this.storedKeys.keys()) {
      if (this.storedKeys.size <= KEPT_KEY_IMPORTS) break;
      this.storedKeys.delete(other);
    }
  }

  /**
   * `lookup`: the thread that prepares the batch looks its keys up too (PreparedBatch.found). Where
   * the threads insert, the texts stay with them (PreparedInThread).
   */
  private prepare(
    file: ProspectFileDoc,
    batch: Pick<ImportBatchData, 'offset' | 'cells' | 'rows'>,
    lookup?: DedupLookup,
  ): Promise<Prepared> {
    const job = jobOf(file, batch);
    const { pool, positions } = this.deps;
    const onMainThread = () => prepareBatch(job, positions?.());
    // A thread that failed (logged by the pool) leaves the batch to the main thread.
    if (pool?.inserts) return pool.prepareHeld(job, positions !== undefined, lookup).catch(onMainThread);
    return pool ? pool.prepare(job, positions !== undefined, lookup).catch(onMainThread) : onMainThread();
  }

  private async storeBatch(
    caller: Caller,
    input: ImportBatchData,
    early: Early,
    lease: Lease,
  ): Promise<ImportRowsReply | typeof AHEAD> {
    const { repository } = this.deps;
    const file = await repository.findOwnImport(caller.organisationId, caller.userId, input.importId);
    if (!file) throw AppError.notFound(PROSPECT_MESSAGES.importNotFound);
    if (input.offset > file.received) return AHEAD;
    const skip = file.received - input.offset;
    const start = file.received;
    const sent = input.cells ?? input.rows ?? [];
    if (skip >= sent.length) return { received: file.received };
    if (start + sent.length - skip > file.totalRows)
      throw AppError.badRequest(PROSPECT_MESSAGES.tooManyRows(file.totalRows));
    let prepared = await (early?.prepared ?? this.prepare(file, input));
    const bad = prepared.badRows.find((row) => row.index >= start);
    if (bad) throw AppError.badRequest(bad.message);
    // A malformed row among those already received (a batch sent again, changed): only the new ones count.
    if (prepared.badRows.length > 0) {
      dropHeld(prepared);
      prepared = await this.prepare(file, sliceFrom(input, skip));
    }

    let stored: Deduplicated;
    try {
      // Rows of an earlier attempt at this batch that failed before it was acknowledged.
      await repository.deleteRows(file, { rowIndex: { $gte: start } });
      stored = await this.deduplicate(
        caller,
        file,
        prepared,
        start,
        await early?.lookup?.catch(() => undefined),
      );
      await this.insert(file, input, start, prepared, stored.rows);
    } finally {
      dropHeld(prepared);
    }
    const { rows, counts, rejected } = stored;
    const received = start + sent.length - skip;
    const acknowledged = await repository.acknowledgeBatch(
      file,
      received,
      counts,
      rejected,
      this.deps.now(),
      lease.ack(),
    );
    if (!acknowledged) {
      // Aborted or swept meanwhile: take this batch's rows back with it.
      await repository.deleteRows(file);
      throw AppError.conflict(PROSPECT_MESSAGES.interrupted);
    }
    this.rememberKeys(file._id, { from: start, to: received, keys: rows.map((row) => row.dedupKey) });
    return { received };
  }

  /**
   * The rows `kept` of the batch, from a thread's own connection when the threads insert (the embedded
   * store's file): the event loop stays free for the other calls meanwhile. A thread that failed may
   * have stored some of them: those are taken back, and the main thread stores the batch (prepared
   * again here when its texts were left with the threads).
   */
  private async insert(
    file: ProspectFileDoc,
    input: ImportBatchData,
    start: number,
    prepared: Prepared,
    kept: RowFacts[],
  ): Promise<void> {
    const { pool, repository } = this.deps;
    if (pool?.inserts) {
      try {
        if ('bodies' in prepared)
          await pool.insertHeld(
            prepared,
            kept.map((row) => row.rowIndex),
          );
        else await pool.insert(textsOf(prepared, kept), prepared.shape);
        return;
      } catch {
        await repository.deleteRows(file, { rowIndex: { $gte: start } });
      }
    }
    const texts =
      'bodies' in prepared
        ? await prepareBatch(jobOf(file, sliceFrom(input, start - input.offset)), this.deps.positions?.())
        : prepared;
    await repository.insertProspects(textsOf(texts, kept), prepared.shape);
  }

  /**
   * The batch's rows from `start` on, counted, and without the duplicates the file skips. Duplicates:
   * of rows already stored for this file, and of the organisation's prospects the caller sees; from the
   * look-up begun early when this process stored every row since it began, else looked up now.
   */
  private async deduplicate(
    caller: Caller,
    file: ProspectFileDoc,
    prepared: Prepared,
    start: number,
    early?: EarlyLookup,
  ): Promise<Deduplicated> {
    const counts: BatchCounts = {
      imported: 0,
      duplicatesFound: 0,
      duplicatesSkipped: 0,
      siretFlagged: 0,
      rejectedCount: 0,
    };
    const fresh = prepared.rejected.filter((row) => row.index >= start);
    counts.rejectedCount = fresh.length;
    const listable = Math.max(0, MAX_LISTED_REJECTIONS - file.rejectedCount);
    const rejected = fresh.slice(0, listable);
    const accepted = prepared.rows.filter((row) => row.rowIndex >= start);

    const keys = [...new Set(accepted.map((row) => row.dedupKey))];
    const since = early ? this.keysStoredHere(file._id, early.fromRow, start) : null;
    let seen: Set<string>;
    if (early && since && early.fromRow <= start && keys.every((key) => early.keys.has(key))) {
      seen = new Set(early.found);
      for (const key of keys) if (since.has(key)) seen.add(key);
    } else {
      seen = await this.lookUp(
        { organisationId: caller.organisationId, files: await this.visibleFiles(caller, file) },
        keys,
      );
    }

    const rows: RowFacts[] = [];
    for (const row of accepted) {
      if (seen.has(row.dedupKey)) {
        counts.duplicatesFound += 1;
        if (file.duplicates === 'skip') {
          counts.duplicatesSkipped += 1;
          continue;
        }
      }
      seen.add(row.dedupKey);
      counts.imported += 1;
      if (row.siretFlagged) counts.siretFlagged += 1;
      rows.push(row);
    }
    return { rows, counts, rejected };
  }

  /**
   * All rows received: the file becomes visible, with its final count, in one conditional update.
   * An import that stored no row (all duplicates, or all rejected) is removed instead: no empty file.
   */
  finish(caller: Caller, importId: string): Promise<ImportResult> {
    return this.held(caller, importId, notFound, async () => {
      const { repository } = this.deps;
      const file = await repository.findOwnImport(caller.organisationId, caller.userId, importId, true);
      if (!file) throw AppError.notFound(PROSPECT_MESSAGES.importNotFound);
      if (file.received < file.totalRows)
        throw AppError.conflict(PROSPECT_MESSAGES.incomplete(file.received, file.totalRows));
      const count = await repository.countRows(file.organisationId, file._id);
      if (count === 0) {
        await this.purge(file);
        return { excelId: null, summary: summaryOf(file) };
      }
      if (!(await repository.markReady(file, count, this.deps.now())))
        throw AppError.notFound(PROSPECT_MESSAGES.importNotFound);
      this.storedKeys.delete(file._id);
      await this.deps.notify({
        ...caller,
        kind: 'importFinished',
        excelId: file._id,
        name: file.name,
        count,
      });
      await this.deps.record({
        organisationId: caller.organisationId,
        actorUserId: caller.userId,
        kind: 'imported',
        subject: { type: 'prospectFile', id: file._id, label: file.name },
        details: { Lignes: count },
      });
      return { excelId: file._id, summary: summaryOf(file) };
    });
  }

  /** Removes an import and its rows. Unknown or already finished: nothing to do, same answer. */
  abort(caller: Caller, importId: string): Promise<Record<string, never>> {
    return this.held(
      caller,
      importId,
      async () => ({}),
      async () => {
        const file = await this.deps.repository.findOwnImport(caller.organisationId, caller.userId, importId);
        if (file) await this.purge(file);
        return {};
      },
    );
  }

  /**
   * Runs `work` holding the import: first in this process (KeyedLock), then across API instances
   * (the store lease). `missing` answers when the caller has no such import in progress. A lease the
   * previous call's acknowledgement handed over is used as it is (no write, no wait).
   */
  private held<T>(
    caller: Caller,
    importId: string,
    missing: () => Promise<T>,
    work: (lease: Lease) => Promise<T>,
  ): Promise<T> {
    return this.lock.run(importId, async () => {
      const { repository } = this.deps;
      let token = this.kept.get(importId);
      this.kept.delete(importId);
      if (token === undefined) {
        token = this.holders.token();
        if (!(await this.takeLease(caller, importId, token))) return missing();
      }
      const held: Lease = {
        token,
        ack: () => {
          // This call counts itself: more than one means another call of the import waits here.
          const handOver = this.lock.pending(importId) > 1;
          held.outcome = handOver ? 'kept' : 'released';
          return handOver ? { token, until: this.deps.now() + IMPORT_LEASE_MS } : { token };
        },
      };
      // A batch ahead of the rows received stored nothing: it wakes the calls waiting for the lease,
      // not those waiting for rows.
      let stored = true;
      let done = false;
      try {
        const result = await work(held);
        stored = (result as unknown) !== AHEAD;
        done = true;
        return result;
      } finally {
        if (held.outcome === 'kept' && done) {
          this.kept.set(importId, token);
          // Batches of this process waiting for the rows just stored look again (the lease stays here).
          this.waits.storedHere(importId);
        } else {
          if (held.outcome !== 'released') await repository.releaseImportLease(importId, token);
          this.waits.released(importId, { stored });
        }
      }
    });
  }

  /**
   * Takes the import's lease in the store for `token`, waiting (LEASE_WAIT_MS at most) while another
   * holder has it; false when the caller has no such import in progress, a 409 after the wait.
   */
  private async takeLease(caller: Caller, importId: string, token: string): Promise<boolean> {
    const { repository } = this.deps;
    const waitUntil = Date.now() + LEASE_WAIT_MS;
    for (;;) {
      // Watched before the look at the store: a release in between wakes the wait at once.
      const released = this.waits.next(importId, LEASE_POLL_MS);
      const now = this.deps.now();
      const lease = await repository
        .takeImportLease(caller, importId, token, now, now + IMPORT_LEASE_MS, (held) =>
          this.holders.isGone(held),
        )
        .catch((error: unknown) => {
          released.cancel();
          throw error;
        });
      if (lease !== 'busy') released.cancel();
      if (lease === 'taken') return true;
      if (lease === 'missing') return false;
      if (Date.now() > waitUntil) throw AppError.conflict(PROSPECT_MESSAGES.importBusy, IMPORT_BUSY_CODE);
      await released.done;
    }
  }

  /** The spec's one-shot payload, stored through the same batches as a large file. */
  async load(caller: Caller, input: ProspectImportData): Promise<ImportResult> {
    const { importId } = await this.start(caller, {
      name: input.name,
      isPrivate: input.isPrivate,
      value: input.value,
      columns: columnsOf(input.exel),
      totalRows: input.exel.length,
      duplicates: input.duplicates,
      options: input.options,
    });
    try {
      for (let offset = 0; offset < input.exel.length; offset += MAX_IMPORT_BATCH_ROWS) {
        const rows = input.exel.slice(offset, offset + MAX_IMPORT_BATCH_ROWS);
        await this.addRows(caller, { importId, offset, rows });
        await yieldToEventLoop();
      }
      return await this.finish(caller, importId);
    } catch (error) {
      await this.abort(caller, importId);
      await this.deps.notify({ ...caller, kind: 'importFailed', importId, name: input.name });
      throw error;
    }
  }

  /**
   * Removes what imports and deletions left behind: at start those idle for the start grace (younger
   * ones may be running on another instance), afterwards those idle for IMPORT_IDLE_MS; `idleSince`
   * null removes every one. Returns how many files went.
   */
  async sweep(idleSince: number | null): Promise<number> {
    const abandoned = await this.deps.repository.findAbandoned(idleSince);
    for (const file of abandoned) {
      await this.remove(file);
      // An import left unfinished (tab closed, network gone) is a failed import for its author.
      if (file.status === 'importing')
        await this.deps.notify({
          organisationId: file.organisationId,
          userId: file.userId,
          kind: 'importFailed',
          importId: file._id,
          name: file.name,
        });
    }
    return abandoned.length;
  }

  /** A file and its untouched prospects go; prospects made into opportunities stay, detached. */
  remove(file: Pick<ProspectFileDoc, '_id' | 'organisationId'>): Promise<void> {
    return this.lock.run(file._id, () => {
      // A lease handed to this call goes with the file.
      this.kept.delete(file._id);
      return this.purge(file);
    });
  }

  private async purge(file: Pick<ProspectFileDoc, '_id' | 'organisationId'>): Promise<void> {
    const { repository } = this.deps;
    const now = this.deps.now();
    this.storedKeys.delete(file._id);
    await repository.detachAccepted(file, now);
    await repository.deleteRows(file, { isAccepted: false });
    // Again: an opportunity made while the rows were going must not leave its prospect attached.
    await repository.detachAccepted(file, now);
    await repository.deleteFile(file);
  }
}
