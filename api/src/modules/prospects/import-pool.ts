// Worker threads of the import (import-worker.ts): they prepare batches (validation and normalisation
// leave the API's event loop) and, over the embedded store's file, insert the rows the main thread
// chose. Threads start when an import starts (warm) or at a batch, and stop after IDLE_MS without one;
// an idle thread never keeps the process alive. docs/decisions/import-speed.md.
import path from 'node:path';
import { MessageChannel, type MessagePort, type Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { DocShape } from '../../db/doc-shape';
import { startThread, takeThreads } from '../../worker-start';
import type { DedupLookup } from './dedup-lookup';
import type { PrepareJob, PreparedBatch, PreparedInThread, ReadyRow } from './import-rows';
import type { WorkerData, WorkerReply, WorkerRequest } from './import-worker';

/** The thread's file (import-worker.js in the build, .ts from the sources). */
const WORKER_FILE = path.join(__dirname, 'import-worker');
/** A thread without a batch for this long stops (it costs its heap and the positions table). */
const IDLE_MS = 60_000;
/**
 * Rows of cells per message to a thread that prepares a held batch: a file's row is about 250 bytes
 * once serialised, so a part stays far under the 128 KB above which the workers' allocator maps fresh
 * memory for a message (import-rows.ts, HELD_PART_ROWS). A whole batch's cells were one 500 KB message.
 */
const CELL_PART_ROWS = 128;

type Job =
  | {
      kind: 'prepare';
      rows: ReadyRow[];
      resolve: (batch: PreparedBatch) => void;
      reject: (error: Error) => void;
    }
  | {
      kind: 'prepareHeld';
      resolve: (batch: Omit<PreparedInThread, 'bodies'>) => void;
      reject: (error: Error) => void;
    }
  | { kind: 'insert'; resolve: (inserted: number) => void; reject: (error: Error) => void }
  | { kind: 'warm'; resolve: () => void; reject: (error: Error) => void };
type Slot = { worker: Worker; jobs: Map<number, Job>; idle?: NodeJS.Timeout };

export class ImportPool {
  private readonly slots: (Slot | undefined)[];
  private nextJob = 0;

  private constructor(
    size: number,
    private readonly logger: Pick<Logger, 'error'>,
    private readonly dataDir: string | undefined,
  ) {
    this.slots = new Array<Slot | undefined>(size).fill(undefined);
  }

  /**
   * A pool of `size` threads; undefined for 0 (batches are then prepared on the main thread). With
   * `dataDir` (the embedded store's file) the threads insert too.
   */
  static create(size: number, logger: Pick<Logger, 'error'>, dataDir?: string): ImportPool | undefined {
    return size < 1 ? undefined : new ImportPool(size, logger, dataDir);
  }

  /** Whether the threads insert (the embedded store's file): otherwise the main thread does. */
  get inserts(): boolean {
    return this.dataDir !== undefined;
  }

  /** Whether the threads can look a batch's duplicate keys up (a connection to the store's file). */
  get looksUp(): boolean {
    return this.inserts;
  }

  /**
   * Prepares a batch on the least busy of the threads that prepare (see `slotFor`); with `lookup`
   * (where `looksUp`) the thread looks its keys up too (PreparedBatch.found).
   */
  prepare(job: PrepareJob, locate: boolean, lookup?: DedupLookup): Promise<PreparedBatch> {
    return new Promise<PreparedBatch>((resolve, reject) => {
      this.send({ kind: 'prepare', rows: [], resolve, reject }, (id) => ({
        id,
        job,
        locate,
        ...(lookup && { lookup }),
      }));
    });
  }

  /**
   * Where the threads insert: prepares a batch as `prepare` does, but its documents' texts stay with
   * the threads (PreparedInThread.bodies) until `insertHeld` hands them to the inserting one; the main
   * thread neither receives nor sends them (import-speed.md, twelfth pass). `bodies` is closed by
   * `insertHeld`, or by the caller (`dropHeld`) when the batch is not stored.
   */
  prepareHeld(job: PrepareJob, locate: boolean, lookup?: DedupLookup): Promise<PreparedInThread> {
    if (!this.inserts) return Promise.reject(new Error('fil d’import sans fichier de stockage'));
    const { port1, port2 } = new MessageChannel();
    // The cells go ahead through the batch's own channel, in parts under the allocator's mmap threshold
    // (HELD_PART_ROWS says why); the thread finds them waiting on `bodiesTo` with the job.
    const { cells, ...rest } = job;
    if (cells)
      for (let first = 0; first < cells.length; first += CELL_PART_ROWS)
        port2.postMessage(cells.slice(first, first + CELL_PART_ROWS));
    return new Promise<Omit<PreparedInThread, 'bodies'>>((resolve, reject) => {
      this.send(
        { kind: 'prepareHeld', resolve, reject },
        (id) => ({
          id,
          job: rest,
          locate,
          ...(lookup && { lookup }),
          bodiesTo: port1,
          ...(cells && { cellRows: cells.length }),
        }),
        [port1],
      );
    }).then(
      (batch) => ({ ...batch, bodies: port2 }),
      (error: unknown) => {
        port2.close();
        throw error;
      },
    );
  }

  /** Inserts prospect documents (their JSON texts) from the inserting thread's connection (`slotFor`). */
  insert(bodies: string[], shape: DocShape): Promise<number> {
    return this.inserted((id) => ({ id, insert: { bodies, shape } }));
  }

  /** Inserts the rows `rowIndexes` (ascending) of a batch from `prepareHeld`, whose port it hands over. */
  insertHeld(batch: PreparedInThread, rowIndexes: number[]): Promise<number> {
    const from = batch.bodies;
    return this.inserted((id) => ({ id, insertHeld: { from, rowIndexes, shape: batch.shape } }), [from]);
  }

  private inserted(request: (id: number) => WorkerRequest, transfer: MessagePort[] = []): Promise<number> {
    if (!this.inserts) return Promise.reject(new Error('fil d’import sans fichier de stockage'));
    return new Promise<number>((resolve, reject) => {
      this.send({ kind: 'insert', resolve, reject }, request, transfer);
    }).catch((error: unknown) => {
      this.logger.error({ err: error }, 'Échec d’une insertion par le fil de l’import');
      throw error;
    });
  }

  /**
   * An import has started (`locate`: its rows get offline positions): every thread is started now, and
   * those that prepare build the positions table, while the first batch is still being uploaded (a
   * phone takes seconds for one). Without it the first batch after a pause waited for both. Resolves
   * once they are ready; threads with nothing more to do stop after IDLE_MS as usual.
   */
  async warm(locate: boolean): Promise<void> {
    const warming: Promise<void>[] = [];
    for (let index = 0; index < this.slots.length; index += 1) {
      const prepares = !this.oneInserts || index >= 1;
      warming.push(
        new Promise<void>((resolve, reject) => {
          this.sendTo(index, { kind: 'warm', resolve, reject }, (id) => ({
            id,
            warm: { locate: locate && prepares },
          }));
        }),
      );
    }
    await Promise.all(warming);
  }

  /** How many threads run now (started and not yet stopped). */
  get running(): number {
    return this.slots.filter((slot) => slot !== undefined).length;
  }

  /** Stops every thread (with the server); a batch being prepared is refused. */
  async stop(): Promise<void> {
    await Promise.all(
      takeThreads(this.slots).map(async (slot) => {
        clearTimeout(slot.idle);
        await slot.worker.terminate();
      }),
    );
  }

  private send(job: Job, request: (id: number) => WorkerRequest, transfer: MessagePort[] = []): void {
    this.sendTo(this.slotFor(job.kind), job, request, transfer);
  }

  private sendTo(
    index: number,
    job: Job,
    request: (id: number) => WorkerRequest,
    transfer: MessagePort[] = [],
  ): void {
    const slot = this.slot(index);
    const id = (this.nextJob += 1);
    clearTimeout(slot.idle);
    slot.jobs.set(id, job);
    // A thread at work keeps the process alive; a waiting one does not.
    slot.worker.ref();
    slot.worker.postMessage(request(id), transfer);
  }

  /**
   * With two threads or more over the store's file, the first inserts and the others prepare: a
   * batch's preparation never queues behind the insert of the batch before, which waits on the disk
   * most of its time, so the two overlap (import-speed.md, seventh pass); the inserts all go through
   * one connection. Otherwise the least busy thread takes either.
   */
  private slotFor(kind: Job['kind']): number {
    if (!this.oneInserts) return this.leastBusy(0);
    return kind === 'insert' ? 0 : this.leastBusy(1);
  }

  /** Whether thread 0 alone inserts and the others only prepare (slotFor). */
  private get oneInserts(): boolean {
    return this.slots.length >= 2 && this.inserts;
  }

  /**
   * Whether thread `index` only ever prepares (slotFor): it then runs at a lower priority, so the
   * calls of a colleague go first (load.md, "Exports give way"). A thread that inserts keeps the
   * normal one: it holds the store's write lock while it inserts, and the other process's writes wait
   * for it.
   */
  private preparesOnly(index: number): boolean {
    return !this.inserts || (this.oneInserts && index >= 1);
  }

  private leastBusy(from: number): number {
    let best = from;
    for (let index = from + 1; index < this.slots.length; index += 1) {
      if ((this.slots[index]?.jobs.size ?? 0) < (this.slots[best]?.jobs.size ?? 0)) best = index;
    }
    return best;
  }

  private slot(index: number): Slot {
    const known = this.slots[index];
    if (known) return known;
    const workerData: WorkerData = {
      ...(this.dataDir === undefined ? {} : { dataDir: this.dataDir }),
      background: this.preparesOnly(index),
    };
    const worker = startThread(WORKER_FILE, workerData);
    const slot: Slot = { worker, jobs: new Map() };
    const failAll = (error: Error) => {
      if (this.slots[index] === slot) this.slots[index] = undefined;
      clearTimeout(slot.idle);
      if (slot.jobs.size > 0) this.logger.error({ err: error }, 'Échec d’un fil de préparation de l’import');
      for (const job of slot.jobs.values()) job.reject(error);
      slot.jobs.clear();
    };
    worker.on('message', (reply: WorkerReply) => {
      const job = slot.jobs.get(reply.id);
      if (!job) return;
      if ('part' in reply) {
        if (job.kind === 'prepare') for (const row of reply.part) job.rows.push(row);
        return;
      }
      slot.jobs.delete(reply.id);
      if (slot.jobs.size === 0) this.rest(index, slot);
      if ('error' in reply) job.reject(new Error(reply.error));
      else if (job.kind === 'prepare' && 'done' in reply) job.resolve({ ...reply.done, rows: job.rows });
      else if (job.kind === 'prepareHeld' && 'held' in reply) job.resolve(reply.held);
      else if (job.kind === 'insert' && 'inserted' in reply) job.resolve(reply.inserted);
      else if (job.kind === 'warm' && 'warmed' in reply) job.resolve();
      else job.reject(new Error('réponse inattendue du fil d’import'));
    });
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`fil de préparation de l’import arrêté (code ${code})`)));
    worker.unref();
    this.slots[index] = slot;
    return slot;
  }

  /** Nothing left to do: the thread no longer holds the process, and stops if no batch comes. */
  private rest(index: number, slot: Slot): void {
    slot.worker.unref();
    clearTimeout(slot.idle);
    slot.idle = setTimeout(() => {
      if (this.slots[index] !== slot || slot.jobs.size > 0) return;
      this.slots[index] = undefined;
      void slot.worker.terminate();
    }, IDLE_MS);
    slot.idle.unref();
  }
}
