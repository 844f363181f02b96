// Background threads (an export's shares, an import's preparing thread) give way to the calls users
// wait for: on Linux the nice value belongs to each thread, so a thread can lower its own priority
// without touching the process's main thread (docs/decisions/load.md, "Exports give way"). On a quiet
// machine nothing changes: a lowered thread still takes every core nobody else wants.
import { readlinkSync } from 'node:fs';
import os from 'node:os';

/** The nice value of background threads: 10 gets about a tenth of a core a normal thread also wants. */
export const BACKGROUND_NICE = 10;

/** The calling thread's kernel id (Linux: /proc/thread-self is `<pid>/task/<tid>`), or null elsewhere. */
export function currentThreadId(): number | null {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    return Number.isInteger(tid) && tid > 0 ? tid : null;
  } catch {
    return null;
  }
}

/**
 * Lowers thread `tid` (the calling one by default) to BACKGROUND_NICE, never raises it: a thread
 * already at that nice value or lower (an API started with `nice -n 15`) is left as it is. True when
 * the thread runs at BACKGROUND_NICE or lower; false where the system has no per-thread priority or
 * refuses (the thread then runs as before: slower calls, never a failure).
 */
export function lowerThreadPriority(tid: number | null = currentThreadId()): boolean {
  if (tid === null) return false;
  try {
    if (os.getPriority(tid) < BACKGROUND_NICE) os.setPriority(tid, BACKGROUND_NICE);
    return os.getPriority(tid) >= BACKGROUND_NICE;
  } catch {
    return false;
  }
}
