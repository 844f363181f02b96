// Async boundary: lets Module Federation negotiate the shared singletons before React loads.
// The start is split into tasks (docs/decisions/lighthouse.md, "Fifth pass"): on a phone's slow CPU
// each of these steps is a long task of 100-250 ms, and one task holding them all blocks the page for
// their sum. main.js's task ends with the federation runtime's own start; React DOM is evaluated in a
// task of its own; then the shell (router, platform, layout, style sheets) in the next.
import { nextTask } from './next-task';

async function boot() {
  await nextTask();
  await import('react-dom/client');
  await nextTask();
  await import('./bootstrap');
}

void boot();
