// Loaded into the API's processes by a load run, to tell a tail's causes apart: each process writes its
// garbage collections of 10 ms and more and, every second, its event loop's longest wait when 50 ms or
// more, one line each (`<epoch ms> gc <kind> <ms>`, `<epoch ms> stall <ms>`), to `<GC_WATCH_DIR>/<pid>.log`.
// Usage: GC_WATCH_DIR=/tmp/gc NODE_OPTIONS="--import $PWD/bench/gc-watch.mjs" node bench/load.mjs …
// (the generator gets the option too and is left out: only the API's main threads write).
import { openSync, writeSync } from 'node:fs';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const KINDS = { 1: 'minor', 2: 'major', 4: 'incremental', 8: 'weakcb' };
const dir = process.env.GC_WATCH_DIR;

if (dir && isMainThread && process.argv.some((arg) => arg.endsWith('api/dist/index.js'))) {
  const out = openSync(`${dir}/${process.pid}.log`, 'a');
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.duration >= 10)
        writeSync(
          out,
          `${Date.now()} gc ${KINDS[entry.detail?.kind] ?? entry.detail?.kind} ${entry.duration.toFixed(1)}\n`,
        );
  }).observe({ entryTypes: ['gc'] });
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  setInterval(() => {
    const maxMs = delay.max / 1e6;
    if (maxMs >= 50) writeSync(out, `${Date.now()} stall ${maxMs.toFixed(1)}\n`);
    delay.reset();
  }, 1000).unref();
}
