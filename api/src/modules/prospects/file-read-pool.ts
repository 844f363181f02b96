// Threads building the pages of files (file-read-worker.ts) over the embedded store's file, each with
// its own read-only connection. A file's page of 500 prospects costs 5–10 ms of reads and JSON, and a
// search in a 20,000-row file 5–20 ms (its rows read until the page is full, then all of them counted):
// on the event loop, every other call of the process waited that long behind it (a colleague's light
// call: p99 87 ms on the event loop, 25 ms with the thread; docs/decisions/load.md, "A file's pages in
// a thread"). The threads start a little after the API (not on its start time) or at the first page
// asked; an idle thread never keeps the process alive.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import type { ProspectPageData } from '@app/domain';
import type { Logger } from 'pino';
import type { EncodedJson } from '../../http/api-routes';
import { closeThread, startThread, takeThreads } from '../../worker-start';
import type { FileReadData, FileReadReply, FileReadRequest } from './file-read-worker';
import type { ProspectFileDoc } from './repository';

/** The thread's file (file-read-worker.js in the build, .ts from the sources). */
const WORKER_FILE = path.join(__dirname, 'file-read-worker');
/** The threads start this long after the pool (the API's start does not pay for them). */
export const FILE_READS_START_AFTER_MS = 2000;

type Job = { resolve: (json: EncodedJson) => void; reject: (error: Error) => void };
type Slot = { worker: Worker; jobs: Map<number, Job> };

export class FileReadPool {
  private readonly slots: (Slot | undefined)[];
  private nextJob = 0;
  private readonly warmUp: NodeJS.Timeout;
  private stopped = false;

  private constructor(
    private readonly dataDir: string,
    size: number,
    private readonly logger: Pick<Logger, 'error'>,
  ) {
    this.slots = new Array<Slot | undefined>(size).fill(undefined);
    // From the build only: from the sources (jest) a thread compiles itself, which only the calls that
    // read a page should pay for.
    this.warmUp = setTimeout(() => {
      if (existsSync(`${WORKER_FILE}.js`)) this.slots.forEach((_, index) => this.slot(index));
    }, FILE_READS_START_AFTER_MS);
    this.warmUp.unref();
  }

  /** A pool of `size` threads over DATA_DIR's store file; undefined for 0 or without the file (MongoDB). */
  static create(
    dataDir: string | undefined,
    size: number,
    logger: Pick<Logger, 'error'>,
  ): FileReadPool | undefined {
    return dataDir === undefined || size < 1 ? undefined : new FileReadPool(dataDir, size, logger);
  }

  /**
   * The page's JSON (file-page.ts, filePageJson) built by the least busy thread, as UTF-8 bytes,
   * gzipped by the thread when `gzip` and the page is worth it (file-read-worker.ts, GZIP_FROM_BYTES);
   * null if the thread failed (logged): the caller then builds it itself.
   */
  async pageJson(file: ProspectFileDoc, input: ProspectPageData, gzip: boolean): Promise<EncodedJson | null> {
    if (this.stopped) return null;
    try {
      return await this.run({ file, input, gzip });
    } catch (error) {
      this.logger.error({ err: error }, 'Échec d’un fil de lecture des fichiers : page lue sans le fil');
      return null;
    }
  }

  /** Closes the threads' connections (before the store closes, so that it may compact). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.warmUp);
    await Promise.all(takeThreads(this.slots).map(({ worker }) => closeThread(worker)));
  }

  private run(request: {
    file: ProspectFileDoc;
    input: ProspectPageData;
    gzip: boolean;
  }): Promise<EncodedJson> {
    const slot = this.slot(this.leastBusy());
    const id = (this.nextJob += 1);
    return new Promise((resolve, reject) => {
      slot.jobs.set(id, { resolve, reject });
      // A thread at work keeps the process alive; a waiting one does not.
      slot.worker.ref();
      slot.worker.postMessage({ id, ...request } satisfies FileReadRequest);
    });
  }

  private leastBusy(): number {
    let best = 0;
    for (let index = 1; index < this.slots.length; index += 1) {
      if ((this.slots[index]?.jobs.size ?? 0) < (this.slots[best]?.jobs.size ?? 0)) best = index;
    }
    return best;
  }

  private slot(index: number): Slot {
    const known = this.slots[index];
    if (known) return known;
    const worker = startThread(WORKER_FILE, { dataDir: this.dataDir } satisfies FileReadData);
    const slot: Slot = { worker, jobs: new Map() };
    const failAll = (error: Error) => {
      if (this.slots[index] === slot) this.slots[index] = undefined;
      for (const job of slot.jobs.values()) job.reject(error);
      slot.jobs.clear();
    };
    worker.on('message', (reply: FileReadReply) => {
      const job = slot.jobs.get(reply.id);
      if (!job) return;
      slot.jobs.delete(reply.id);
      if (slot.jobs.size === 0) worker.unref();
      if ('error' in reply) job.reject(new Error(reply.error));
      else
        job.resolve({
          bytes: Buffer.from(reply.json.buffer, reply.json.byteOffset, reply.json.byteLength),
          gzip: reply.gzip,
        });
    });
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`fil de lecture des fichiers arrêté (code ${code})`)));
    worker.unref();
    this.slots[index] = slot;
    return slot;
  }
}
