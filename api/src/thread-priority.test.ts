// A background thread's priority is its own: lowering it leaves the process's main thread as it was.
import { readdirSync } from 'node:fs';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { niceOfThread, threadNices } from './test-support/thread-nices';
import { BACKGROUND_NICE, currentThreadId, lowerThreadPriority } from './thread-priority';

/** A thread that tells its kernel id, then waits to be told to stop. */
async function startThread(): Promise<{ worker: Worker; tid: number }> {
  const worker = new Worker(
    `const { parentPort } = require('node:worker_threads');
     const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').at(-1));
     parentPort.postMessage(tid);
     parentPort.on('message', () => parentPort.close());`,
    { eval: true },
  );
  const tid = await new Promise<number>((resolve) => worker.once('message', resolve));
  return { worker, tid };
}

const linux = process.platform === 'linux';

(linux ? describe : describe.skip)('lowerThreadPriority', () => {
  it('names the calling thread: the main thread is the process', () => {
    expect(currentThreadId()).toBe(process.pid);
  });

  it('lowers one thread to the background nice value and leaves the others as they were', async () => {
    const mainNice = niceOfThread(process.pid, process.pid);
    const others = threadNices(process.pid);
    const { worker, tid } = await startThread();
    try {
      expect(niceOfThread(process.pid, tid)).toBe(mainNice);
      expect(lowerThreadPriority(tid)).toBe(true);
      // Lowered to the background value, or left where a process started lower already was.
      expect(niceOfThread(process.pid, tid)).toBe(Math.max(mainNice, BACKGROUND_NICE));
      expect(niceOfThread(process.pid, process.pid)).toBe(mainNice);
      for (const { tid: other, nice } of others) expect(niceOfThread(process.pid, other)).toBe(nice);
    } finally {
      worker.postMessage('stop');
      await new Promise((resolve) => worker.once('exit', resolve));
    }
  });

  it('never raises a thread that already runs lower than the background value', async () => {
    const { worker, tid } = await startThread();
    try {
      os.setPriority(tid, BACKGROUND_NICE + 5);
      expect(lowerThreadPriority(tid)).toBe(true);
      expect(niceOfThread(process.pid, tid)).toBe(BACKGROUND_NICE + 5);
    } finally {
      worker.postMessage('stop');
      await new Promise((resolve) => worker.once('exit', resolve));
    }
  });

  it('answers false for a thread that is not there, without throwing', () => {
    const gone = Math.max(...readdirSync('/proc').map(Number).filter(Number.isInteger)) + 100_000;
    expect(lowerThreadPriority(gone)).toBe(false);
    expect(lowerThreadPriority(null)).toBe(false);
  });
});
