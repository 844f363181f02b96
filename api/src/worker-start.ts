// A worker thread of the API from its compiled file (api/dist), or, where the API runs from its
// TypeScript sources (jest), from the same file compiled with swc as jest does, reading `@app/domain`
// from its sources too; and its close. The import's, the export's and the file reads' threads use it.
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

/** `file`: the thread's path without its extension (`.js` beside the build, `.ts` in the sources). */
export function startThread(file: string, workerData: unknown): Worker {
  const compiled = `${file}.js`;
  if (existsSync(compiled)) return new Worker(compiled, { workerData });
  const swc = require.resolve('@swc/core');
  const boot = `
    const { readFileSync } = require('node:fs');
    const { transformSync } = require(${JSON.stringify(swc)});
    require.extensions['.ts'] = (module, filename) => {
      const { code } = transformSync(readFileSync(filename, 'utf8'), {
        filename,
        module: { type: 'commonjs' },
        jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
      });
      module._compile(code, filename);
    };
    require(${JSON.stringify(`${file}.ts`)});
  `;
  return new Worker(boot, { eval: true, execArgv: ['--conditions=source'], workerData });
}

/** How long a closing thread may take to close its connection before it is terminated. */
const CLOSE_WAIT_MS = 2000;

/**
 * Asks a thread holding a store connection to close it (`{ close: true }`) and waits for it to end;
 * terminated if it takes longer than CLOSE_WAIT_MS.
 */
export async function closeThread(worker: Worker): Promise<void> {
  const exited = new Promise((resolve) => worker.once('exit', resolve));
  worker.postMessage({ close: true });
  const timer = setTimeout(() => void worker.terminate(), CLOSE_WAIT_MS);
  await exited;
  clearTimeout(timer);
}

/** The threads of a pool's slots, the slots emptied (a slot asked for afterwards starts a new one). */
export function takeThreads<T extends { worker: Worker }>(slots: (T | undefined)[]): T[] {
  const taken = slots.filter((slot): slot is T => slot !== undefined);
  slots.fill(undefined);
  return taken;
}
