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
  IMPORT_MESSAGES,
  MAX_IMPORT_BATCH_ROWS,
  PARSED_EXTRA_KEY,
  prepareImportRow,
  type ProspectDraft,
  type ProspectImportData,
  yieldToEventLoop,
  type ImportStartReply,
  type ImportRowsReply,
} from '@app/domain';
import { randomUUID } from 'node:crypto';
import { AppError } from '../../http/app-error';
import { PROSPECT_MESSAGES } from './errors';
import { KeyedLock } from './keyed-lock';
import type { OfflinePositions } from './offline-positions';
import type { Notify } from '../notifications/module';
import type { BatchCounts, NewProspect, ProspectFileDoc, ProspectsRepository } from './repository';

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

/**
 * The compact form's rows as the row objects the rules read (cells in the order of the columns given
 * at start; a missing trailing cell is empty, as the modal pads it). A row longer than the file is refused.
 */
function rowsOfCells(cells: readonly (readonly string[])[], columns: readonly string[], start: number) {
  const rows: ImportRow[] = new Array<ImportRow>(cells.length);
  for (let index = 0; index < cells.length; index += 1) {
    const line = cells[index] as readonly string[];
    if (line.length > columns.length)
      throw AppError.badRequest(IMPORT_MESSAGES.tooManyCells(start + index + 1, columns.length));
    // Plain assignments (no pair arrays per cell): start refused the titles '__proto__',
    // 'constructor' and 'prototype' (importStartSchema), so each title is an ordinary own key.
    const row: ImportRow = {};
    for (let at = 0; at < columns.length; at += 1) row[columns[at] as string] = line[at] ?? '';
    rows[index] = row;
  }
  return rows;
}

function checkColumns(rows: ImportRow[], columns: readonly string[]): void {
  const known = new Set(columns);
  for (const row of rows) {
    for (const column of Object.keys(row)) {
      if (column !== PARSED_EXTRA_KEY && !known.has(column))
        throw AppError.badRequest(IMPORT_MESSAGES.unknownColumn(column));
    }
  }
}

/** Column titles in the order the rows first show them (a one-shot /load carries no header list). */
function columnsOf(rows: ImportRow[]): string[] {
  const columns = new Set<string>();
  for (const row of rows)
    for (const column of Object.keys(row)) if (column !== PARSED_EXTRA_KEY) columns.add(column);
  return [...columns];
}

const PREPARE_SLICE = 500;
/**
 * A batch ahead of the rows received waits this long for the batches before it (the modal sends a
 * few side by side, and they may arrive out of order) before it is answered "Lignes manquantes".
 */
const GAP_WAIT_MS = 3000;
const GAP_POLL_MS = 20;
/** Answer of a batch's attempt while the rows before it are still on their way. */
const AHEAD = Symbol('ahead');

const notFound = (): Promise<never> => Promise.reject(AppError.notFound(PROSPECT_MESSAGES.importNotFound));

export class ProspectImportService {
  private readonly lock = new KeyedLock();

  constructor(private readonly deps: ImportServiceDeps) {}

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
    return { importId: file._id };
  }

  /**
   * Stores one batch. A batch already acknowledged is acknowledged again, never stored twice; a batch
   * ahead of the rows received waits a little for the ones before it (GAP_WAIT_MS).
   */
  async addRows(caller: Caller, input: ImportBatchData): Promise<ImportRowsReply> {
    const waitUntil = Date.now() + GAP_WAIT_MS;
    for (;;) {
      const reply = await this.held(caller, input.importId, notFound, () => this.storeBatch(caller, input));
      if (reply !== AHEAD) return reply;
      if (Date.now() > waitUntil) {
        const file = await this.deps.repository.findOwnImport(
          caller.organisationId,
          caller.userId,
          input.importId,
        );
        throw AppError.conflict(PROSPECT_MESSAGES.missingRows(file?.received ?? 0));
      }
      await new Promise((resolve) => setTimeout(resolve, GAP_POLL_MS));
    }
  }

  private async storeBatch(caller: Caller, input: ImportBatchData): Promise<ImportRowsReply | typeof AHEAD> {
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
    let rows: ImportRow[];
    if (input.cells) rows = rowsOfCells(input.cells.slice(skip), file.columns, start);
    else {
      rows = (input.rows ?? []).slice(skip);
      checkColumns(rows, file.columns);
    }

    // Rows of an earlier attempt at this batch that failed before it was acknowledged.
    await repository.deleteRows(file, { rowIndex: { $gte: start } });
    const { docs, counts, rejected } = await this.prepareBatch(caller, file, rows, start);
    await repository.insertProspects(docs);
    const acknowledged = await repository.acknowledgeBatch(
      file,
      start + rows.length,
      counts,
      rejected,
      this.deps.now(),
    );
    if (!acknowledged) {
      // Aborted or swept meanwhile: take this batch's rows back with it.
      await repository.deleteRows(file);
      throw AppError.conflict(PROSPECT_MESSAGES.interrupted);
    }
    return { received: start + rows.length };
  }

  private async prepareBatch(caller: Caller, file: ProspectFileDoc, rows: ImportRow[], start: number) {
    const counts: BatchCounts = {
      imported: 0,
      duplicatesFound: 0,
      duplicatesSkipped: 0,
      siretFlagged: 0,
      rejectedCount: 0,
    };
    const listable = Math.max(0, MAX_LISTED_REJECTIONS - file.rejectedCount);
    const rejected: ImportSummary['rejected'] = [];
    const accepted: { index: number; draft: ProspectDraft }[] = [];
    for (let offset = 0; offset < rows.length; offset += 1) {
      // Normalising 2,000 rows at once would hold the event loop; serve other calls between slices.
      if (offset > 0 && offset % PREPARE_SLICE === 0) await yieldToEventLoop();
      const outcome = prepareImportRow(rows[offset] as ImportRow, file.mapping, file.options);
      if (outcome.kind === 'accepted') accepted.push({ index: start + offset, draft: outcome.draft });
      if (outcome.kind !== 'rejected') continue;
      counts.rejectedCount += 1;
      if (rejected.length < listable) rejected.push({ index: start + offset, reason: outcome.reason });
    }

    // Duplicates: of rows already stored for this file, and of the organisation's prospects the caller sees.
    const keys = [...new Set(accepted.map(({ draft }) => draft.dedupKey))];
    const visibleFiles = await this.deps.repository.visibleFileIds(caller.organisationId, caller.userId);
    const seen = await this.deps.repository.existingDedupKeys(
      caller.organisationId,
      [...visibleFiles, file._id],
      keys,
    );

    const docs: NewProspect[] = [];
    const positions = this.deps.positions?.();
    for (const { index, draft } of accepted) {
      if (seen.has(draft.dedupKey)) {
        counts.duplicatesFound += 1;
        if (file.duplicates === 'skip') {
          counts.duplicatesSkipped += 1;
          continue;
        }
      }
      seen.add(draft.dedupKey);
      counts.imported += 1;
      if (draft.siretFlagged) counts.siretFlagged += 1;
      docs.push({
        ...draft,
        organisationId: file.organisationId,
        excelId: file._id,
        userId: file.userId,
        isPrivate: file.isPrivate,
        rowIndex: index,
        isAccepted: false,
        state: null,
        ...positions?.locate(draft),
      });
    }
    return { docs, counts, rejected };
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
      await this.deps.notify({
        ...caller,
        kind: 'importFinished',
        excelId: file._id,
        name: file.name,
        count,
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
   * (the store lease). `missing` answers when the caller has no such import in progress.
   */
  private held<T>(
    caller: Caller,
    importId: string,
    missing: () => Promise<T>,
    work: () => Promise<T>,
  ): Promise<T> {
    return this.lock.run(importId, async () => {
      const { repository } = this.deps;
      const token = randomUUID();
      const waitUntil = Date.now() + LEASE_WAIT_MS;
      for (;;) {
        const now = this.deps.now();
        const lease = await repository.takeImportLease(caller, importId, token, now, now + IMPORT_LEASE_MS);
        if (lease === 'taken') break;
        if (lease === 'missing') return missing();
        if (Date.now() > waitUntil) throw AppError.conflict(PROSPECT_MESSAGES.importBusy);
        await new Promise((resolve) => setTimeout(resolve, LEASE_POLL_MS));
      }
      try {
        return await work();
      } finally {
        await repository.releaseImportLease(importId, token);
      }
    });
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
    return this.lock.run(file._id, () => this.purge(file));
  }

  private async purge(file: Pick<ProspectFileDoc, '_id' | 'organisationId'>): Promise<void> {
    const { repository } = this.deps;
    const now = this.deps.now();
    await repository.detachAccepted(file, now);
    await repository.deleteRows(file, { isAccepted: false });
    // Again: an opportunity made while the rows were going must not leave its prospect attached.
    await repository.detachAccepted(file, now);
    await repository.deleteFile(file);
  }
}
