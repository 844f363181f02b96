// The reports page in Chromium at scale (issue 22 "Speed": the page's first chart shows ≤ 1.5 s after
// opening). The organisation of bench/reports.mjs (100,000 opportunities, 500,000 comments, written
// straight into the store), served by the built one-port app (API + shell + remotes); a signed-in
// owner opens /dashboard/reports (the files report, last 30 days) in a new browser context each time
// (nothing cached), and the script notes, from the navigation:
// - the first chart drawn: its canvas in the page with pixels painted by chart.js;
// - its table alternative: the chart's figures table in the page (rendered before chart.js loads);
// - where the time went: the shell's and the remote's scripts, each report call (and its
//   Server-Timing), the chart.js chunk, long main-thread tasks.
// Baselines of the same run, for ratios on a loaded machine: the /login page's first contentful
// paint, and the same reports page of an empty organisation (same code, no figures to compute).
// A/B in the same run: --baseline-web <dir> --baseline-api <api/index.js> serves the same
// organisation (a copy of the seeded store, taken before either server built its indexes) with
// another build (e.g. main's shell/dist, mfe-*/dist and remotes.json, and its API), opened in turn
// with this one.
// Usage: node bench/reports-browser.mjs [--opportunities 100000] [--runs 7] [--baseline-web <dir>
//   --baseline-api <path>] (after npm run build:apps) → bench/results/reports-browser.json
/* global document, window */
import { execSync } from 'node:child_process';
import { cpSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { owner, seed } from './reports.mjs';
import {
  apiEntry,
  cleanUp,
  freePort,
  numberOption,
  openApiStore,
  pathOption,
  post,
  quantile,
  repo,
  startNode,
  stop,
  tempDir,
  waitForHealth,
} from './support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const RUNS = numberOption('runs', 7);
const OPPORTUNITIES = numberOption('opportunities', 100_000);
const TARGET_MS = 1500;
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const BASELINE_WEB = pathOption('baseline-web');
const BASELINE_API = pathOption('baseline-api');

const dataDir = tempDir('bench-reports-browser-');
const baselineDataDir = BASELINE_WEB ? tempDir('bench-reports-browser-base-') : null;
const env = (port, data = dataDir, web = repo) => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: data,
  WEB_ROOT: web,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  MONGODB_URI: '',
  SMTP_URL: '',
  PASSWORD_HASH_COST: '1024',
});

const median = (values) => {
  const sorted = values.filter((value) => value !== null).sort((a, b) => a - b);
  return sorted.length === 0 ? null : Math.round(quantile(sorted, 0.5));
};

/** A new context (empty cache) signed in as `who`, as a user back on the app. */
async function signedIn(browser, who) {
  const context = await browser.newContext({
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    viewport: { width: 1280, height: 900 },
  });
  if (who)
    await context.addInitScript(
      ({ token, organisationId }) => {
        window.localStorage.setItem('token', token);
        window.localStorage.setItem('CurrentOrganisation', organisationId);
      },
      { token: who.token, organisationId: who.organisationId },
    );
  // Long main-thread tasks from the start of the document.
  await context.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        window.__longTasks.push({ start: entry.startTime, ms: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  return context;
}

/** The /login page: its first contentful paint. */
async function openLogin(browser, base) {
  const context = await signedIn(browser, null);
  try {
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    const fcp = await page.waitForFunction(
      () =>
        performance.getEntriesByType('paint').find((entry) => entry.name === 'first-contentful-paint')
          ?.startTime ?? false,
      null,
      { timeout: 60_000, polling: 'raf' },
    );
    return { firstContentfulPaintMs: Math.round(await fcp.jsonValue()) };
  } finally {
    await context.close();
  }
}

/**
 * /dashboard/reports as `who`: from the navigation to the first chart's table, then to its canvas
 * drawn (some pixel not transparent), and where the time went.
 */
async function openReports(browser, base, who) {
  const context = await signedIn(browser, who);
  try {
    const page = await context.newPage();
    const serverTiming = {};
    page.on('response', (response) => {
      const match = /\/api\/report\/(\w+)$/.exec(response.url());
      const timing = /dur=([\d.]+)/.exec(response.headers()['server-timing'] ?? '');
      if (match && timing) serverTiming[match[1]] = Math.round(Number(timing[1]));
    });
    await page.goto(`${base}/dashboard/reports`);
    const table = await page.waitForFunction(
      () => (document.querySelector('.reports-chart__data table tbody tr') ? performance.now() : false),
      null,
      { timeout: 120_000, polling: 'raf' },
    );
    const tableMs = await table.jsonValue();
    const drawn = await page.waitForFunction(
      () => {
        const canvas = document.querySelector('.reports-chart canvas');
        if (!canvas || canvas.width === 0 || canvas.height === 0) return false;
        const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
        for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 0) return performance.now();
        return false;
      },
      null,
      { timeout: 120_000, polling: 'raf' },
    );
    const chartMs = await drawn.jsonValue();
    const breakdown = await page.evaluate((until) => {
      const resources = performance.getEntriesByType('resource');
      const last = (test) => resources.filter((entry) => test.test(entry.name)).at(-1) ?? null;
      const span = (entry) =>
        entry ? { startMs: Math.round(entry.startTime), endMs: Math.round(entry.responseEnd) } : null;
      const calls = {};
      for (const entry of resources) {
        const match = /\/api\/report\/(\w+)$/.exec(entry.name);
        if (match) calls[match[1]] = span(entry);
      }
      const tasks = window.__longTasks.filter((task) => task.start < until);
      return {
        // Every download and call before the chart, in order: where the waiting went.
        waterfall: resources
          .filter((entry) => entry.startTime < until)
          .map(
            (entry) =>
              `${Math.round(entry.startTime)}-${Math.round(entry.responseEnd)} ${new URL(entry.name).pathname}`,
          ),
        shellMain: span(last(/\/main\.js$/)),
        remoteEntry: span(last(/\/remotes\/reports\/remoteEntry\.js$/)),
        chartChunk: span(
          resources
            .filter((entry) => /\/remotes\/reports\/.*\.js$/.test(entry.name))
            .sort((a, b) => b.startTime - a.startTime)[0] ?? null,
        ),
        calls,
        longTasks: tasks.length,
        longTasksMs: Math.round(tasks.reduce((sum, task) => sum + task.ms, 0)),
        firstContentfulPaintMs: Math.round(
          performance.getEntriesByType('paint').find((entry) => entry.name === 'first-contentful-paint')
            ?.startTime ?? 0,
        ),
      };
    }, chartMs);
    return { tableMs: Math.round(tableMs), chartMs: Math.round(chartMs), serverTiming, ...breakdown };
  } finally {
    await context.close();
  }
}

async function main() {
  let port = await freePort();
  let api = startNode('API', [apiEntry], env(port));
  let base = `http://127.0.0.1:${port}`;
  await waitForHealth(`${base}/healthz`, api);
  const full = await owner(base);
  const empty = await owner(base, 'bench.rapports.vide@exemple.fr', 'Banc vide');
  await stop(api);

  const store = await openApiStore(dataDir);
  const ownerId = (await store.collection('users').findOne({ email: 'bench.rapports@exemple.fr' }))._id;
  console.log(`Écriture de ${OPPORTUNITIES} opportunités et de leurs commentaires…`);
  await seed(store, full.organisationId, ownerId);
  await store.close();

  // The baseline's own copy, before this build's first start adds its indexes to the store.
  if (baselineDataDir) cpSync(dataDir, baselineDataDir, { recursive: true });

  port = await freePort();
  api = startNode('API', [apiEntry], env(port));
  base = `http://127.0.0.1:${port}`;
  await waitForHealth(`${base}/healthz`, api, 600_000);
  // The first start builds the indexes over the seed's write-ahead log; measured after a second
  // start, as a server runs. One call of each report warms the store's pages.
  await stop(api);
  port = await freePort();
  api = startNode('API', [apiEntry], env(port));
  base = `http://127.0.0.1:${port}`;
  await waitForHealth(`${base}/healthz`, api, 600_000);
  const warm = async (at) => {
    for (const who of [full, empty])
      for (const route of ['filters', 'files'])
        await post(at, `/api/report/${route}`, {
          token: who.token,
          organisationId: who.organisationId,
          period: '30days',
        });
  };
  await warm(base);
  // The baseline build on its copy, started twice as well (its first start builds its own indexes).
  let baselineApi = null;
  let baselineBase = null;
  if (baselineDataDir) {
    const baselineEnv = (at) => env(at, baselineDataDir, BASELINE_WEB);
    const entry = BASELINE_API ?? apiEntry;
    let at = await freePort();
    baselineApi = startNode('API (base)', [entry], baselineEnv(at));
    await waitForHealth(`http://127.0.0.1:${at}/healthz`, baselineApi, 600_000);
    await stop(baselineApi);
    at = await freePort();
    baselineApi = startNode('API (base)', [entry], baselineEnv(at));
    baselineBase = `http://127.0.0.1:${at}`;
    await waitForHealth(`${baselineBase}/healthz`, baselineApi, 600_000);
    await warm(baselineBase);
  }

  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const runs = { login: [], empty: [], full: [], baselineEmpty: [], baselineFull: [] };
  try {
    // One warm-up of each (Chromium's own start, the server's first answers), then interleaved runs.
    await openLogin(browser, base);
    await openReports(browser, base, empty);
    await openReports(browser, base, full);
    if (baselineBase) {
      await openReports(browser, baselineBase, empty);
      await openReports(browser, baselineBase, full);
    }
    for (let run = 0; run < RUNS; run += 1) {
      runs.login.push(await openLogin(browser, base));
      runs.empty.push(await openReports(browser, base, empty));
      runs.full.push(await openReports(browser, base, full));
      const last = runs.full.at(-1);
      let line =
        `ouverture ${run + 1} : /login ${runs.login.at(-1).firstContentfulPaintMs} ms, vide ${runs.empty.at(-1).chartMs} ms, ` +
        `100 000 : tableau ${last.tableMs} ms, graphique ${last.chartMs} ms (files ${last.serverTiming.files} ms serveur, ` +
        `appels à ${last.calls.files?.startMs} ms)`;
      if (baselineBase) {
        runs.baselineEmpty.push(await openReports(browser, baselineBase, empty));
        runs.baselineFull.push(await openReports(browser, baselineBase, full));
        const before = runs.baselineFull.at(-1);
        line +=
          ` | base : vide ${runs.baselineEmpty.at(-1).chartMs} ms, graphique ${before.chartMs} ms ` +
          `(files ${before.serverTiming.files} ms serveur, appels à ${before.calls.files?.startMs} ms)`;
      }
      console.log(line);
    }
  } finally {
    await browser.close();
    await stop(api);
    if (baselineApi) await stop(baselineApi);
  }

  const loginMs = median(runs.login.map((run) => run.firstContentfulPaintMs));
  const summary = (list) => ({
    chartMs: median(list.map((run) => run.chartMs)),
    tableMs: median(list.map((run) => run.tableMs)),
    firstContentfulPaintMs: median(list.map((run) => run.firstContentfulPaintMs)),
    filesCallEndMs: median(list.map((run) => run.calls.files?.endMs ?? null)),
    filesCallStartMs: median(list.map((run) => run.calls.files?.startMs ?? null)),
    filesServerMs: median(list.map((run) => run.serverTiming.files ?? null)),
    filtersServerMs: median(list.map((run) => run.serverTiming.filters ?? null)),
    chartChunkEndMs: median(list.map((run) => run.chartChunk?.endMs ?? null)),
    longTasksMs: median(list.map((run) => run.longTasksMs)),
  });
  const full100k = summary(runs.full);
  const emptyOrg = summary(runs.empty);
  const baseline = baselineBase
    ? {
        web: path.relative(repo, BASELINE_WEB),
        api: path.relative(repo, BASELINE_API ?? apiEntry),
        emptyOrganisation: summary(runs.baselineEmpty),
        organisation100k: summary(runs.baselineFull),
      }
    : null;
  const out = {
    measuredAt: new Date().toISOString(),
    machineLoad: execSync('uptime').toString().trim(),
    note:
      'Machine partagée (2 cœurs, plusieurs sessions) : chiffres absolus bruités, les rapports à la base de la même exécution comptent. ' +
      'Chaque ouverture : nouveau contexte Chromium (cache vide), utilisateur connecté (jeton en stockage local), /dashboard/reports (fichiers, 30 derniers jours).',
    target: { firstChartMs: TARGET_MS },
    organisation: { opportunities: OPPORTUNITIES, comments: OPPORTUNITIES * 5 },
    runs: RUNS,
    medians: {
      loginFirstContentfulPaintMs: loginMs,
      emptyOrganisation: emptyOrg,
      organisation100k: full100k,
    },
    ratios: {
      firstChartOverLoginPaint: Number((full100k.chartMs / loginMs).toFixed(2)),
      firstChartOverEmptyOrganisation: Number((full100k.chartMs / emptyOrg.chartMs).toFixed(2)),
      ...(baseline
        ? {
            firstChartOverBaseline: Number((full100k.chartMs / baseline.organisation100k.chartMs).toFixed(2)),
            emptyOverBaseline: Number((emptyOrg.chartMs / baseline.emptyOrganisation.chartMs).toFixed(2)),
            filesServerOverBaseline: Number(
              (full100k.filesServerMs / baseline.organisation100k.filesServerMs).toFixed(2),
            ),
          }
        : {}),
    },
    ...(baseline ? { baseline } : {}),
    withinTarget: full100k.chartMs <= TARGET_MS,
    every: runs,
  };
  writeFileSync(path.join(here, 'results', 'reports-browser.json'), `${JSON.stringify(out, null, 2)}\n`);
  console.log(JSON.stringify({ ...out.medians, baseline }, null, 2), out.ratios);
}

try {
  await main();
} finally {
  cleanUp();
}
