// A share of an export built in a worker thread (export-pool.ts): its own read-only connection to
// the embedded store, the same lines as the main thread writes (export-share.ts, exportLines), as the
// reply's bytes (exportBytes).
import { parentPort, workerData } from 'node:worker_threads';
import { openSqliteReader } from '../../db/sqlite-store';
import { lowerThreadPriority } from '../../thread-priority';
import { prospectReader } from '../prospects/module';
import { exportBytes, type ExportShare, exportLines } from './export-share';
import { OpportunitiesRepository } from './repository';

type Message = { id: number; share: ExportShare } | { close: true };

const port = parentPort;
if (!port) throw new Error('export-worker.ts se lance comme fil de travail (export-pool.ts)');
// An export's shares use every core left over, never the cores the calls users wait for need: with
// both shares at normal priority, every call of the process (and of the other one) waited (load.md).
lowerThreadPriority();
const store = openSqliteReader((workerData as { dataDir: string }).dataDir);
const repository = new OpportunitiesRepository(store);
const gateway = prospectReader(store);

async function build(id: number, share: ExportShare): Promise<void> {
  const names = new Map(share.users);
  const part = await exportLines(
    {
      repository,
      gateway,
      userOf: (userId) => ({ _id: userId, username: names.get(userId) ?? '' }),
      now: share.now,
      timeZone: share.timeZone,
    },
    share.organisationId,
    share.ids,
    share.filters,
  );
  // Escaped and encoded here, and handed over rather than copied (export-share.ts, ExportBytes).
  const { bytes, ends } = exportBytes(part);
  port?.postMessage({ id, bytes, ends }, [bytes.buffer as ArrayBuffer, ends.buffer as ArrayBuffer]);
}

port.on('message', (message: Message) => {
  if ('close' in message) {
    void store.close().finally(() => port.close());
    return;
  }
  build(message.id, message.share).catch((error: unknown) =>
    port.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
