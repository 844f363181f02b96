// Lighthouse (performance, accessibility, best practices) in Debian's Chromium, against the built
// one-port app (issue 12 "Budgets", issue 19 "the field day on a phone"):
// - /login, signed out, cold cache;
// - /dashboard/opportunity/list/all, signed in (token and organisation in local storage, as the app
//   keeps them), cold cache, over 20,000 opportunities seeded as opportunities.mjs does;
// - /dashboard/tournees/<id>, a saved round of 12 stops of that list, signed in, cold cache;
// - the import modal, opened from the files list: a timespan around the click (what opening it costs)
//   and a snapshot of the open modal (accessibility, best practices; no load to score).
// A Lighthouse user flow over one page: the session is written into local storage between steps and
// the later navigations keep it (disableStorageReset); the HTTP cache is emptied before each one (the
// service worker is unregistered and its caches deleted too: every navigation is a first visit).
// Both presets run: mobile (Lighthouse's default, a mid-range phone on slow 4G, simulated: the target
// since issue 19, performance ≥ 90 and accessibility 100) and desktop, for comparison.
// Usage: node bench/lighthouse.mjs [--preset desktop|mobile] [--runs <n>] [--report <dir>]
//   [--screens login,list,round,import] [--out <file>] [--ab <name>=<web root>,<name>=<web root>]
//   (after npm run build:apps) → bench/results/lighthouse.json (both presets and every screen only,
//   unless --out names the file); --report writes each flow's HTML report (one per run).
// --ab compares builds in the same period (the shared machine's load changes from minute to minute):
//   each web root (a folder holding remotes.json, shell/dist and the mfe-*/dist, as WEB_ROOT wants)
//   is served in turn by the same API, through a symbolic link switched between two flows, in
//   alternating order (A B, B A, A B…); the summary has one line per build.
/* global window */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { desktopConfig, startFlow } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { cleanUp, fullList, newDataDir, saveRound, seededApi, stop } from './opportunities.mjs';
import { pathOption } from './support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const resultsFile = path.join(here, 'results', 'lighthouse.json');
const require = createRequire(import.meta.url);
const LIST_SIZE = 20_000;
const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const TARGET_PERFORMANCE = 90;
const TARGET_ACCESSIBILITY = 100;
const TARGET_PRESET = 'mobile';
const ROUND_STOPS = 12;
/** Lighthouse's own advice: several runs and their median, the machine being noisy. */
const runsIndex = process.argv.indexOf('--runs');
const TARGET_RUNS = runsIndex === -1 ? 3 : Number(process.argv[runsIndex + 1]);
const presetIndex = process.argv.indexOf('--preset');
const onlyPreset = presetIndex === -1 ? undefined : process.argv[presetIndex + 1];
const reportDir = pathOption('report', 'lighthouse-reports');
const outFile = pathOption('out') ?? resultsFile;
const screensIndex = process.argv.indexOf('--screens');
const SCREENS = new Set(
  screensIndex === -1 ? ['login', 'list', 'round', 'import'] : process.argv[screensIndex + 1].split(','),
);
const abIndex = process.argv.indexOf('--ab');
/** [name, web root] of each build compared, or a single unnamed one (the worktree's build). */
const VARIANTS =
  abIndex === -1
    ? [[null, null]]
    : process.argv[abIndex + 1].split(',').map((pair) => {
        const [name, dir] = pair.split('=');
        return [name, path.resolve(dir)];
      });
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const METRICS = {
  fcpMs: 'first-contentful-paint',
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  ttiMs: 'interactive',
  speedIndexMs: 'speed-index',
};
// Audits that explain a performance score below target.
const DIAGNOSTICS = [
  'unused-javascript',
  'render-blocking-resources',
  'render-blocking-insight',
  'long-tasks',
  'bootup-time',
  'mainthread-work-breakdown',
  'largest-contentful-paint-element',
  'lcp-discovery-insight',
  'network-dependency-tree-insight',
];

/** What a failing audit points at: an element, or an issue of Chromium's Issues panel. */
function describeItem(item) {
  if (item.node) return item.node.selector ?? item.node.snippet;
  if (item.issueType)
    return `${item.issueType} : ${(item.subItems?.items ?? []).map((sub) => sub.url ?? JSON.stringify(sub)).join(', ')}`;
  return JSON.stringify(item).slice(0, 200);
}

const score = (category) => (category?.score == null ? null : Math.round(category.score * 100));

/** Scores, metrics, failing audits of the accessibility and best-practices categories, diagnostics. */
function summarise(step) {
  const { categories, audits } = step.lhr;
  const metrics = {};
  for (const [key, id] of Object.entries(METRICS)) {
    const value = audits[id]?.numericValue;
    if (value !== undefined) metrics[key] = key === 'cls' ? Number(value.toFixed(3)) : Math.round(value);
  }
  const failing = (categoryId) =>
    (categories[categoryId]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && audits[ref.id]?.score < 1)
      .map((ref) => ({
        id: ref.id,
        score: audits[ref.id].score,
        title: audits[ref.id].title,
        items: (audits[ref.id].details?.items ?? []).slice(0, 5).map(describeItem),
      }));
  const diagnostics = DIAGNOSTICS.filter(
    (id) => audits[id] && audits[id].score !== null && audits[id].score < 1,
  ).map((id) => ({ id, displayValue: audits[id].displayValue ?? null, score: audits[id].score }));
  return {
    name: step.name,
    mode: step.lhr.gatherMode,
    url: step.lhr.finalDisplayedUrl,
    // A snapshot measures no load: its performance "score" is not one.
    scores: Object.fromEntries(
      CATEGORIES.map((id) => [
        id,
        id === 'performance' && step.lhr.gatherMode === 'snapshot' ? null : score(categories[id]),
      ]),
    ),
    metrics,
    failingAccessibility: failing('accessibility'),
    failingBestPractices: failing('best-practices'),
    diagnostics,
    runtimeError: step.lhr.runtimeError?.message ?? null,
    runWarnings: step.lhr.runWarnings,
  };
}

/** A first visit again: no HTTP cache, no service worker, none of its caches. */
async function emptyCache(page, origin) {
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'service_workers,cache_storage' });
  await cdp.detach();
}

/** The three screens, one flow, for one preset (`config` undefined: Lighthouse's mobile default). */
async function audit(browser, base, lister, roundId, preset, config, run) {
  const page = await browser.newPage();
  const flow = await startFlow(page, {
    name: `${preset}`,
    config,
    flags: { onlyCategories: CATEGORIES },
  });

  // Signed out for real: a previous run's session (local storage, the device's IndexedDB) would
  // send /login on to the dashboard, and the step would measure the start screen instead.
  const cdp = await page.createCDPSession();
  await cdp.send('Storage.clearDataForOrigin', { origin: base, storageTypes: 'all' });
  await cdp.detach();
  if (SCREENS.has('login')) await flow.navigate(`${base}/login`, { name: '/login' });
  else await page.goto(`${base}/login`);

  // Signed in, as a returning user: what the login screen would have stored.
  await page.evaluate(
    ({ token, organisationId }) => {
      window.localStorage.setItem('token', token);
      window.localStorage.setItem('CurrentOrganisation', organisationId);
    },
    { token: lister.token, organisationId: lister.organisationId },
  );
  let shown = null;
  if (SCREENS.has('list')) {
    await emptyCache(page, base);
    await flow.navigate(`${base}/dashboard/opportunity/list/all`, {
      name: `/dashboard/opportunity/list/all (${LIST_SIZE} opportunités)`,
      disableStorageReset: true,
    });
    shown = await page.$eval('.opportunity-tab__count', (node) => node.textContent);
  }

  if (SCREENS.has('round')) {
    await emptyCache(page, base);
    await flow.navigate(`${base}/dashboard/tournees/${roundId}`, {
      name: `/dashboard/tournees/<id> (tournée enregistrée, ${ROUND_STOPS} étapes)`,
      disableStorageReset: true,
    });
  }

  if (SCREENS.has('import')) await auditImport(page, flow, base);
  const result = await flow.createFlowResult();
  if (reportDir) {
    mkdirSync(reportDir, { recursive: true });
    writeFileSync(
      path.join(reportDir, `lighthouse-${preset}-${run}${process.env.WEB_ROOT ? `-${Date.now()}` : ''}.html`),
      await flow.generateReport(),
    );
  }
  await page.close();
  return { preset, listTabCount: shown, steps: result.steps.map(summarise) };
}

/** The import modal: a timespan around opening it, a snapshot of it open. */
async function auditImport(page, flow, base) {
  await emptyCache(page, base);
  // Not networkidle0: the live stream (/api/live/events) keeps a request open as long as the page is.
  await page.goto(`${base}/dashboard/prospect/list`, { waitUntil: 'load' });
  await page.waitForSelector('::-p-aria(Ajouter un fichier[role="button"])');
  await flow.startTimespan({ name: "ouverture de la fenêtre d'import" });
  await page.click('::-p-aria(Ajouter un fichier[role="button"])');
  await page.click('::-p-aria(Importer un fichier Excel[role="menuitem"])');
  await page.waitForSelector('::-p-aria(Importer un fichier[role="dialog"])');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await flow.endTimespan();
  await flow.snapshot({ name: "fenêtre d'import ouverte" });
}

function print({ preset, steps }) {
  for (const step of steps) {
    const scores = CATEGORIES.map((id) => `${id} ${step.scores[id] ?? '–'}`).join(', ');
    const { fcpMs, lcpMs, tbtMs, cls, ttiMs } = step.metrics;
    const metrics =
      step.mode === 'navigation'
        ? ` ; FCP ${fcpMs} ms, LCP ${lcpMs} ms, TBT ${tbtMs} ms, CLS ${cls}, TTI ${ttiMs} ms`
        : step.mode === 'timespan'
          ? ` ; TBT ${tbtMs ?? '–'} ms, CLS ${cls ?? '–'}`
          : '';
    console.log(`[${preset}] ${step.name} (${step.mode}) : ${scores}${metrics}`);
    if (step.runtimeError) console.log(`    erreur : ${step.runtimeError}`);
    for (const failing of [...step.failingAccessibility, ...step.failingBestPractices])
      console.log(`    à corriger : ${failing.id} (${failing.title}) ${failing.items.join(' | ')}`);
  }
}

const median = (values) => {
  const sorted = values.filter((value) => value !== null && value !== undefined).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : null;
};

/** Per preset and step: the median (and every value) of each score and metric over the runs. */
function summariseRuns(runs) {
  const groups = new Map();
  for (const run of runs)
    for (const step of run.steps) {
      const key = `${run.variant}|${run.preset}|${step.name}`;
      if (!groups.has(key))
        groups.set(key, {
          ...(run.variant ? { variant: run.variant } : {}),
          preset: run.preset,
          name: step.name,
          mode: step.mode,
          steps: [],
        });
      groups.get(key).steps.push(step);
    }
  return [...groups.values()].map(({ steps, ...group }) => {
    const series = (pick) => {
      const all = steps.map(pick);
      return { median: median(all), all };
    };
    return {
      ...group,
      runs: steps.length,
      performance: series((step) => step.scores.performance),
      accessibility: series((step) => step.scores.accessibility),
      bestPractices: series((step) => step.scores['best-practices']),
      metrics: Object.fromEntries(
        Object.keys(METRICS).map((key) => [key, series((step) => step.metrics[key] ?? null)]),
      ),
    };
  });
}

async function main() {
  const loadAverageAtStart = os.loadavg().map((load) => Number(load.toFixed(2)));
  newDataDir();
  // A/B: the API serves WEB_ROOT through a link the runs switch from one build to the other.
  const linkDir = VARIANTS[0][1] ? mkdtempSync(path.join(os.tmpdir(), 'lighthouse-ab-')) : null;
  const webLink = linkDir ? path.join(linkDir, 'web') : null;
  const serve = (dir) => {
    if (!webLink) return;
    rmSync(webLink, { force: true });
    symlinkSync(dir, webLink, 'dir');
  };
  if (webLink) {
    serve(VARIANTS[0][1]);
    process.env.WEB_ROOT = webLink;
  }
  const { api, base, lister } = await seededApi({ listSize: LIST_SIZE, exportSize: 0 });
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    defaultViewport: null,
  });
  try {
    // As the other benches: the list read once before (the API's list index and cards in memory).
    const { token, organisationId } = lister;
    await fullList(base, { token, organisationId, filter: { state: 'all' }, startId: 0, endId: 500 });
    const roundId = await saveRound(base, lister, ROUND_STOPS);
    const runs = [];
    const presets = [
      ['mobile', undefined, TARGET_RUNS],
      ['desktop', desktopConfig, 1],
    ].filter(([preset]) => !onlyPreset || preset === onlyPreset);
    for (const [preset, config, times] of presets)
      for (let index = 1; index <= times; index += 1) {
        // Alternating order: neither build always runs first after a pause.
        const order = index % 2 === 1 ? VARIANTS : [...VARIANTS].reverse();
        for (const [variant, dir] of order) {
          if (dir) serve(dir);
          const audited = await audit(browser, base, lister, roundId, preset, config, index);
          const run = {
            ...(variant ? { variant, loadAverage: os.loadavg()[0] } : {}),
            ...audited,
            run: index,
          };
          if (variant) console.log(`— ${variant}, mesure ${index}, charge ${os.loadavg()[0].toFixed(2)}`);
          print(run);
          runs.push(run);
        }
      }
    const summary = summariseRuns(runs);
    for (const line of summary)
      if (line.preset === TARGET_PRESET && line.mode === 'navigation')
        console.log(
          `Objectif (mobile, médiane de ${line.runs})${line.variant ? ` [${line.variant}]` : ''} : ${line.name} : performance ${line.performance.median} ` +
            `(${line.performance.all.join(', ')}) (objectif ≥ ${TARGET_PERFORMANCE}), accessibilité ` +
            `${line.accessibility.median} (objectif ${TARGET_ACCESSIBILITY}) ; FCP ${line.metrics.fcpMs.median} ms, ` +
            `LCP ${line.metrics.lcpMs.median} ms, TBT ${line.metrics.tbtMs.median} ms, CLS ${line.metrics.cls.median}`,
        );
    const results = {
      date: new Date().toISOString(),
      lighthouse: require('lighthouse/package.json').version,
      chromium: await browser.version(),
      cpus: os.cpus().length,
      loadAverage: os.loadavg().map((load) => Number(load.toFixed(2))),
      loadAverageAtStart,
      note: 'réseau et CPU simulés par Lighthouse (Lantern) à partir de la trace réelle : les tâches longues observées (donc TBT et TTI) dépendent de la charge de la machine partagée',
      target: {
        performance: TARGET_PERFORMANCE,
        accessibility: TARGET_ACCESSIBILITY,
        preset: TARGET_PRESET,
        screens: ['/login', '/dashboard/opportunity/list/all', '/dashboard/tournees/<id>'],
      },
      ...(VARIANTS[0][0] ? { ab: Object.fromEntries(VARIANTS) } : {}),
      roundStops: ROUND_STOPS,
      opportunities: LIST_SIZE,
      summary,
      runs,
    };
    if ((onlyPreset || screensIndex !== -1) && outFile === resultsFile) return;
    mkdirSync(path.dirname(outFile), { recursive: true });
    writeFileSync(outFile, `${JSON.stringify(results, null, 2)}\n`);
  } finally {
    await browser.close();
    await stop(api);
    if (linkDir) rmSync(linkDir, { recursive: true, force: true });
  }
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(cleanUp);
