import type { ImportMapping, ImportOptions } from '@app/domain';
import type { ImportSession, ParseSummary, PreCount } from './import-session';
import { ImportFileError, type ParseProgress, type ParseSettings } from './parse-file';
import type { ParseReply, ParseRequest } from './parse-protocol';
import type { RowBatch } from './row-batches';
import { startParseWorker } from './start-parse-worker';

/** The import's file, read in a worker when the browser allows it, else in the page in short slices. */
export type FileParser = {
  where: 'worker' | 'page';
  parse(
    file: File,
    settings: ParseSettings,
    onProgress: (progress: ParseProgress) => void,
  ): Promise<ParseSummary>;
  preCount(mapping: ImportMapping, options: ImportOptions): Promise<PreCount | null>;
  batch(offset: number): Promise<RowBatch>;
  pick(indexes: number[]): Promise<string[][]>;
  dispose(): void;
};

const WORKER_START_TIMEOUT_MS = 5000;

type Pending = {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  onProgress?: (progress: ParseProgress) => void;
};

// Distributes Omit over the union of requests.
type RequestBody = ParseRequest extends infer R ? (R extends ParseRequest ? Omit<R, 'id'> : never) : never;

function workerParser(worker: Worker): FileParser {
  const pending = new Map<number, Pending>();
  let nextId = 1;

  worker.onmessage = (event: MessageEvent<ParseReply>) => {
    const message = event.data;
    if (message.type === 'ready') return;
    const call = pending.get(message.id);
    if (!call) return;
    if (message.type === 'progress') {
      call.onProgress?.(message.progress);
      return;
    }
    pending.delete(message.id);
    if (message.type === 'result') call.resolve(message.result);
    else call.reject(message.known ? new ImportFileError(message.message) : new Error(message.message));
  };

  function request<T>(body: RequestBody, onProgress?: (progress: ParseProgress) => void): Promise<T> {
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject, onProgress });
      worker.postMessage({ ...body, id });
    });
  }

  return {
    where: 'worker',
    parse: (file, settings, onProgress) =>
      request({ method: 'parse', file, name: file.name, settings }, onProgress),
    preCount: (mapping, options) => request({ method: 'preCount', mapping, options }),
    batch: (offset) => request({ method: 'batch', offset }),
    pick: (indexes) => request({ method: 'pick', indexes }),
    dispose: () => {
      worker.terminate();
      // An upload waiting for its next batch stops (and aborts the import) instead of hanging.
      for (const call of pending.values()) call.reject(new Error('Import fermé'));
      pending.clear();
    },
  };
}

function pageParser(session: ImportSession): FileParser {
  return {
    where: 'page',
    parse: (file, settings, onProgress) => session.parse(file, file.name, settings, onProgress),
    preCount: (mapping, options) => session.preCount(mapping, options),
    batch: async (offset) => session.batch(offset),
    pick: async (indexes) => session.pick(indexes),
    dispose: () => undefined,
  };
}

/** Resolves once the worker said it is ready, or with null if it failed to start. */
function whenReady(worker: Worker): Promise<Worker | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => finish(null), WORKER_START_TIMEOUT_MS);
    function finish(result: Worker | null) {
      clearTimeout(timer);
      worker.onmessage = null;
      worker.onerror = null;
      if (!result) worker.terminate();
      resolve(result);
    }
    worker.onmessage = (event: MessageEvent<ParseReply>) => {
      if (event.data.type === 'ready') finish(worker);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      finish(null);
    };
  });
}

export async function openFileParser(): Promise<FileParser> {
  const started = startParseWorker();
  const worker = started ? await whenReady(started) : null;
  if (worker) return workerParser(worker);
  const { ImportSession } = await import('./import-session');
  return pageParser(new ImportSession());
}
