// Worker threads building the shares of a large export side by side, each with its own read-only
// connection to the embedded store (export-worker.ts): on two cores the file takes about half the
// time, and the main thread only joins the parts' bytes. docs/decisions/opportunities.md, "Export".
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import { closeThread } from '../../worker-start';
import type { ExportBytes, ExportFilters, ExportShare } from './export-share';

/** The compiled worker; absent when the API runs from its sources (jest), where there is no pool. */
const WORKER_FILE = path.join(__dirname, 'export-worker.js');

type Reply = { id: number; bytes?: Uint8Array; ends?: Uint32Array; error?: string };
type Job = { resolve: (part: ExportBytes) => void; reject: (error: Error) => void };
type Slot = { worker: Worker; jobs: Map<number, Job> };

/** Contiguous shares of about the same size, in order. */
export function shares<T>(items: readonly T[], count: number): T[][] {
  const size = Math.ceil(items.length / count);
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

export class ExportPool {
  private readonly slots: (Slot | undefined)[] = [];
  private nextJob = 0;

  private constructor(
    private readonly dataDir: string,
    private readonly size: number,
    private readonly logger: Pick<Logger, 'error'>,
  ) {}

  /**
   * A pool of `size` threads over DATA_DIR's store, started at once (a thread takes a few hundred
   * milliseconds to load and connect: not on the first export's time); undefined for 0 or where the
   * worker is not compiled.
   */
  static create(dataDir: string, size: number, logger: Pick<Logger, 'error'>): ExportPool | undefined {
    if (size < 1 || !existsSync(WORKER_FILE)) return undefined;
    const pool = new ExportPool(dataDir, size, logger);
    for (let index = 0; index < size; index += 1) pool.slot(index);
    return pool;
  }

  /**
   * The lines of the list cut in one share per thread, in order; null if a thread failed (logged):
   * the caller then builds the file itself.
   */
  async lines(
    organisationId: string,
    ids: readonly string[],
    filters: ExportFilters,
    context: Pick<ExportShare, 'now' | 'timeZone' | 'users'>,
  ): Promise<ExportBytes[] | null> {
    try {
      return await Promise.all(
        shares(ids, this.size).map((share, index) =>
          this.run(index, { organisationId, ids: share, filters, ...context }),
        ),
      );
    } catch (error) {
      this.logger.error({ err: error }, 'Échec d’un fil de l’export : fichier construit sans les fils');
      return null;
    }
  }

  /** Closes the threads' connections (before the store closes, so that it may compact). */
  async stop(): Promise<void> {
    const slots = this.slots.splice(0).filter((slot): slot is Slot => slot !== undefined);
    await Promise.all(slots.map(({ worker }) => closeThread(worker)));
  }

  private run(index: number, share: ExportShare): Promise<ExportBytes> {
    const slot = this.slot(index);
    const id = (this.nextJob += 1);
    return new Promise((resolve, reject) => {
      slot.jobs.set(id, { resolve, reject });
      // A thread waiting for work does not keep the process alive; one at work does.
      slot.worker.ref();
      slot.worker.postMessage({ id, share });
    });
  }

  private slot(index: number): Slot {
    const known = this.slots[index];
    if (known) return known;
    const worker = new Worker(WORKER_FILE, { workerData: { dataDir: this.dataDir } });
    const slot: Slot = { worker, jobs: new Map() };
    const failAll = (error: Error) => {
      if (this.slots[index] === slot) this.slots[index] = undefined;
      for (const job of slot.jobs.values()) job.reject(error);
      slot.jobs.clear();
    };
    worker.on('message', (reply: Reply) => {
      const job = slot.jobs.get(reply.id);
      if (!job) return;
      slot.jobs.delete(reply.id);
      if (slot.jobs.size === 0) worker.unref();
      if (reply.error !== undefined || reply.bytes === undefined || reply.ends === undefined)
        job.reject(new Error(reply.error ?? 'réponse incomplète'));
      else job.resolve({ bytes: reply.bytes, ends: reply.ends });
    });
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`fil d’export arrêté (code ${code})`)));
    worker.unref();
    this.slots[index] = slot;
    return slot;
  }
}
