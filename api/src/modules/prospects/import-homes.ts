// As shipped (WEB_CONCURRENCY above 1) the cluster hands the browser's connections to every worker, so
// one import's batches reach both processes. Each import has a home, the worker that started it (told to
// the others through the primary); a batch reaching another worker is sent there (process-signals.ts,
// clusterCalls) and its answer comes back the same way. So one process stores the whole import: its
// lease is handed from batch to batch in that process, the next batch's duplicate look-up runs during
// the insert before, and one SQLite connection writes it (docs/decisions/import-speed.md, ninth pass).
// Sending a batch home is never a decision about what is stored: the home runs the same `addRows`
// (lock, lease, `received`), and a home that is gone makes the batch stored where it arrived.
import type { ImportBatchData, ImportRowsReply } from '@app/domain';
import type { Logger } from 'pino';
import { AppError, type AppErrorCode } from '../../http/app-error';
import { PeerAbsent, type ProcessCalls, type ProcessSignals } from '../../process-signals';
import type { Caller } from './import-service';

/** Homes remembered (an import lives minutes; the oldest go first). */
const KEPT_HOMES = 1_000;

type Sent = { caller: Caller; input: ImportBatchData };
type Answer =
  | { reply: ImportRowsReply }
  | { error: { status: number; message: string; code: AppErrorCode } }
  /** Failed there with an unexpected error (logged there): an internal error here too. */
  | { failed: true };

export type StoreBatch = (caller: Caller, input: ImportBatchData) => Promise<ImportRowsReply>;

export class ImportHomes {
  /** Import id → the worker storing it, when another. */
  private readonly homes = new Map<string, number>();

  constructor(
    private readonly calls: ProcessCalls,
    private readonly signals: ProcessSignals,
    private readonly logger: Pick<Logger, 'error'>,
  ) {
    signals.listen((key) => {
      const split = key.indexOf(':');
      const worker = Number(key.slice(0, split));
      if (Number.isInteger(worker) && worker !== calls.self) this.remember(key.slice(split + 1), worker);
    });
    calls.onGone((worker) => {
      for (const [importId, home] of this.homes) if (home === worker) this.homes.delete(importId);
    });
  }

  /** `importId` was started here: the other workers send its batches here. */
  startedHere(importId: string): void {
    this.signals.send(`${this.calls.self}:${importId}`);
  }

  /** The worker storing `importId` when it is another one. */
  homeOf(importId: string): number | undefined {
    return this.homes.get(importId);
  }

  /**
   * The batch stored by worker `home`: its answer, or its AppError. Rejects with PeerAbsent when that
   * worker is gone (the batch was not stored there, or its attempt died before its acknowledgement:
   * the caller stores it, as a batch sent again).
   */
  async send(home: number, caller: Caller, input: ImportBatchData): Promise<ImportRowsReply> {
    try {
      const answer = JSON.parse(
        await this.calls.call(home, JSON.stringify({ caller, input } satisfies Sent)),
      ) as Answer;
      if ('reply' in answer) return answer.reply;
      if ('failed' in answer) throw new Error(`Échec du lot dans le processus ${home}`);
      const { status, message, code } = answer.error;
      throw new AppError(status, message, code);
    } catch (error) {
      if (error instanceof PeerAbsent) this.homes.delete(input.importId);
      throw error;
    }
  }

  /** Stores the batches the other workers send here with `store` (this process's `addRows`). */
  serve(store: StoreBatch): void {
    this.calls.serve(async (payload) => {
      const { caller, input } = JSON.parse(payload) as Sent;
      try {
        return JSON.stringify({ reply: await store(caller, input) } satisfies Answer);
      } catch (error) {
        if (error instanceof AppError) {
          const { status, message, code } = error;
          return JSON.stringify({ error: { status, message, code } } satisfies Answer);
        }
        this.logger.error(
          { err: error, importId: input.importId },
          'Échec d’un lot reçu d’un autre processus',
        );
        return JSON.stringify({ failed: true } satisfies Answer);
      }
    });
  }

  private remember(importId: string, worker: number): void {
    this.homes.delete(importId);
    this.homes.set(importId, worker);
    for (const oldest of this.homes.keys()) {
      if (this.homes.size <= KEPT_HOMES) break;
      this.homes.delete(oldest);
    }
  }

  /** Where the cluster allows it: undefined outside a cluster (one process, the tests' app). */
  static create(
    calls: ProcessCalls | undefined,
    signals: ProcessSignals | undefined,
    logger: Pick<Logger, 'error'>,
  ): ImportHomes | undefined {
    return calls && signals ? new ImportHomes(calls, signals, logger) : undefined;
  }
}
