// The opportunity list in Chromium, this build against another one (main's, built apart) in the same
// run: each on its own seeded data directory and API, measured alternately (new, old, then old, new…)
// by measureBrowserList (opportunities-browser.mjs), so a loaded machine weighs on both alike.
//   node bench/opportunities-browser-ab.mjs --baseline /tmp/main-copy [--rounds 2] [--large-only]
// The baseline is a copy of the repository with its apps built (npm run build:apps) and its
// node_modules. → bench/results/opportunities-browser-ab.json
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureBrowserList } from './opportunities-browser.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const resultsFile = path.join(here, 'results', 'opportunities-browser-ab.json');
const option = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at < 0 ? fallback : process.argv[at + 1];
};
const baseline = option('--baseline', null);
const rounds = Number(option('--rounds', '2'));
const largeOnly = process.argv.includes('--large-only');
const SETTLE_MS = 30_000;

/** What is compared of one measure (opportunities-browser.mjs's result). */
const figuresOf = (result) => ({
  firstCardsMs: result.load.ms,
  coldOpeningMs: result.loads[0].ms,
  keystrokeMs: result.keystrokeMs,
  filterClickMs: result.filterClickMs,
  sortChangeMaxMs: result.sortChangeMs.max,
  firstSearchMs: result.firstSearchMs,
  largestRendererMb: result.chromiumRssMb?.largestRenderer ?? null,
  keystrokeBreakdown: result.keystrokeBreakdown,
  filterClickBreakdown: result.filterClickBreakdown,
  filterClicks: result.filterClicks.map(({ option: name, ms, shown, breakdown }) => ({
    option: name,
    ms,
    shown,
    serverViewMs: breakdown?.serverSteps?.view ?? null,
    ...(breakdown
      ? {
          toCallMs: breakdown.toCallMs,
          callMs: breakdown.callMs,
          serverMs: breakdown.serverMs,
          answerToPaintMs: breakdown.answerToPaintMs,
        }
      : {}),
  })),
});

async function main() {
  if (!baseline) {
    console.error('Indiquez la copie construite à comparer : --baseline <dossier>');
    process.exitCode = 1;
    return;
  }
  const builds = {};
  try {
    for (const [name, root] of [
      ['new', path.resolve(here, '..')],
      ['baseline', path.resolve(baseline)],
    ]) {
      // Each build's own seeding module: its own data directory and its own built API.
      const seed = await import(path.join(root, 'bench', 'opportunity-seed.mjs'));
      seed.newDataDir();
      const api = await seed.seededApi({ listSize: 20_000, exportSize: 100_000 });
      builds[name] = { seed, api, root };
      const { token, organisationId } = api.lister;
      await seed.fullList(api.base, {
        token,
        organisationId,
        filter: { state: 'all' },
        startId: 0,
        endId: 500,
      });
    }
    // The second API's start-up work (the seeded prospects' positions filled in the background) would
    // weigh on the first build's first measure: both settle first.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const runs = [];
    for (let round = 0; round < rounds; round += 1) {
      for (const name of round % 2 === 0 ? ['new', 'baseline'] : ['baseline', 'new']) {
        const { api } = builds[name];
        const run = { round, build: name, at: new Date().toISOString(), loadAverage: os.loadavg() };
        if (!largeOnly)
          run.twentyThousand = figuresOf(
            await measureBrowserList(api.base, { ...api.lister, expected: 20_000 }),
          );
        run.hundredThousand = figuresOf(
          await measureBrowserList(api.base, { ...api.exporter, expected: 100_000 }),
        );
        runs.push(run);
        const large = run.hundredThousand;
        console.log(
          `${round} ${name} (charge ${run.loadAverage[0].toFixed(1)}) : 100 000 premières cartes ${large.firstCardsMs} ms, ` +
            `frappe ${large.keystrokeMs.median} ms, clic de filtre ${large.filterClickMs.median} ms, tri ${large.sortChangeMaxMs} ms` +
            (run.twentyThousand
              ? ` ; 20 000 frappe ${run.twentyThousand.keystrokeMs.median} ms, clic ${run.twentyThousand.filterClickMs.median} ms`
              : ''),
        );
        writeFileSync(
          resultsFile,
          `${JSON.stringify({ date: new Date().toISOString(), cpus: os.cpus().length, baseline, runs }, null, 2)}\n`,
        );
      }
    }
  } finally {
    for (const { seed, api } of Object.values(builds)) await seed.stop(api.api);
    for (const { seed } of Object.values(builds)) seed.cleanUp();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
