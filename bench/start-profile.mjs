// The long tasks of a cold visit on a throttled phone, and what runs in each (issue 19, total blocking
// time): Chromium's performance trace of /login, the 20,000 list and a saved round, each opened with
// an empty cache under Lighthouse's mobile throttling applied for real (DevTools' 4× CPU slowdown,
// slow 4G: 562.5 ms round trip, 1.4 Mbit/s down, as Lighthouse's "devtools" throttling), the main
// thread's tasks over 50 ms listed with the scripts evaluated or called in them and the source files
// (through the builds' source maps) where the sampling profiler found the time.
// Usage: node bench/start-profile.mjs [--web <web root>] [--screens login,list,round] [--out <file>]
//   (after npm run build:apps; --web as WEB_ROOT: a folder holding remotes.json, shell/dist, mfe-*/dist)
//   → prints each screen's long tasks; --out writes them as JSON.
/* global window */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { cleanUp, newDataDir, saveRound, seededApi, stop } from './opportunities.mjs';
import { pathOption, repo } from './support.mjs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { SourceMapConsumer } = require('source-map');

const LIST_SIZE = 20_000;
const LONG_TASK_MS = 50;
const webRoot = pathOption('web');
const outFile = pathOption('out');
const screensIndex = process.argv.indexOf('--screens');
const SCREENS = screensIndex === -1 ? ['login', 'list', 'round'] : process.argv[screensIndex + 1].split(',');
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink.user_timing',
  'disabled-by-default-v8.cpu_profiler',
  // The largest contentful paint's candidates.
  'loading',
];
const THROTTLING = {
  latency: 562.5,
  downloadThroughput: (1474.56 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
};

/** Where a built file's source map lies: the shell at the root, each remote under /remotes/<name>/. */
function mapFileOf(url) {
  const { pathname } = new URL(url);
  const root = webRoot ?? repo;
  const remote = /^\/remotes\/([^/]+)\/(.+)$/.exec(pathname);
  const file = remote
    ? path.join(root, `mfe-${remote[1]}`, 'dist', remote[2])
    : path.join(root, 'shell', 'dist', pathname.slice(1));
  return existsSync(`${file}.map`) ? `${file}.map` : null;
}

const consumers = new Map();
/** The source file (a package's name, or the repository's path) of a position in a built script. */
function sourceOf(url, line, column) {
  if (!url) return '(programme)';
  if (!url.startsWith('http')) return url;
  if (!consumers.has(url)) {
    const mapFile = mapFileOf(url);
    consumers.set(url, mapFile ? new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8'))) : null);
  }
  const consumer = consumers.get(url);
  const file = path.basename(new URL(url).pathname);
  if (!consumer) return file;
  const position = consumer.originalPositionFor({ line: line + 1, column });
  if (!position.source) return file;
  const source = position.source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\//, '');
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  return pkg ? pkg[1] : source.replace(/^(\.\.\/)+/, '');
}

/** The renderer's main thread: the CrRendererMain with the most task time. */
function mainThread(events) {
  const names = events.filter(
    (event) => event.name === 'thread_name' && event.args.name === 'CrRendererMain',
  );
  let best = null;
  let bestTime = -1;
  for (const { pid, tid } of names) {
    const time = events
      .filter((event) => event.pid === pid && event.tid === tid && event.name === 'RunTask' && event.dur)
      .reduce((sum, event) => sum + event.dur, 0);
    if (time > bestTime) [best, bestTime] = [{ pid, tid }, time];
  }
  return best;
}

/** The profiler's samples on the main thread: [{ ts (µs), source }]. */
function samplesOf(events, { pid, tid }) {
  const profiles = new Map();
  for (const event of events) {
    if (event.pid !== pid) continue;
    if (event.name === 'Profile' && event.tid === tid)
      profiles.set(event.id, { ts: event.args.data.startTime, nodes: new Map(), samples: [] });
    if (event.name === 'ProfileChunk' && profiles.has(event.id)) {
      const profile = profiles.get(event.id);
      const { cpuProfile = {}, timeDeltas = [] } = event.args.data;
      for (const node of cpuProfile.nodes ?? []) profile.nodes.set(node.id, node);
      (cpuProfile.samples ?? []).forEach((id, index) => {
        profile.ts += timeDeltas[index] ?? 0;
        profile.samples.push({ ts: profile.ts, id });
      });
    }
  }
  const samples = [];
  for (const profile of profiles.values())
    for (const { ts, id } of profile.samples) {
      const frame = profile.nodes.get(id)?.callFrame;
      if (!frame) continue;
      const special = ['(idle)', '(program)', '(garbage collector)', '(root)'].includes(frame.functionName);
      const source = special
        ? frame.functionName
        : sourceOf(frame.url, frame.lineNumber, frame.columnNumber) || '(natif)';
      samples.push({ ts, source, fn: special ? null : `${frame.functionName || '(anonyme)'}@${source}` });
    }
  return samples.sort((a, b) => a.ts - b.ts);
}

const round1 = (value) => Math.round(value * 10) / 10;

/** Tasks over 50 ms on the main thread, each with what it evaluated/called and where the time went. */
function longTasks(events, navigationStart) {
  const thread = mainThread(events);
  if (!thread) return [];
  const onThread = events.filter((event) => event.pid === thread.pid && event.tid === thread.tid);
  const tasks = onThread
    .filter((event) => event.name === 'RunTask' && event.ph === 'X' && event.ts >= navigationStart)
    .sort((a, b) => a.ts - b.ts);
  const topLevel = [];
  for (const task of tasks) {
    const last = topLevel.at(-1);
    if (last && task.ts < last.ts + last.dur) continue;
    topLevel.push(task);
  }
  const samples = samplesOf(events, thread);
  const kinds = new Set([
    'EvaluateScript',
    'v8.compile',
    'FunctionCall',
    'TimerFire',
    'FireAnimationFrame',
    'EventDispatch',
    'ParseHTML',
    'Layout',
    'UpdateLayoutTree',
    'Paint',
    'MajorGC',
    'MinorGC',
    'RunMicrotasks',
    'XHRReadyStateChange',
    'ParseAuthorStyleSheet',
    'v8.evaluateModule',
  ]);
  return topLevel
    .filter((task) => task.dur / 1000 > LONG_TASK_MS)
    .map((task) => {
      const end = task.ts + task.dur;
      const inside = onThread.filter(
        (event) => event.ts >= task.ts && event.ts < end && event !== task && kinds.has(event.name),
      );
      // The outermost events: what the task was (a script's evaluation, a callback, a layout).
      const outer = [];
      for (const event of inside.sort((a, b) => a.ts - b.ts)) {
        const last = outer.at(-1);
        if (last && event.ts < last.ts + (last.dur ?? 0)) continue;
        outer.push(event);
      }
      const label = (event) => {
        const data = event.args?.data ?? {};
        const url = data.url ? path.basename(new URL(data.url, 'http://x').pathname) : '';
        const fn = data.functionName ? ` ${data.functionName}` : '';
        return `${event.name}${url ? ` ${url}` : ''}${fn} ${round1((event.dur ?? 0) / 1000)} ms`;
      };
      const bySource = new Map();
      const byFunction = new Map();
      let sampled = 0;
      for (const sample of samples) {
        if (sample.ts < task.ts || sample.ts >= end) continue;
        sampled += 1;
        bySource.set(sample.source, (bySource.get(sample.source) ?? 0) + 1);
        if (sample.fn) byFunction.set(sample.fn, (byFunction.get(sample.fn) ?? 0) + 1);
      }
      const functions = [...byFunction.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 4)
        .map(([fn, count]) => `${fn} ${Math.round((100 * count) / sampled)} %`);
      const share = [...bySource.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([source, count]) => `${source} ${Math.round((100 * count) / sampled)} %`);
      return {
        startMs: Math.round((task.ts - navigationStart) / 1000),
        durationMs: Math.round(task.dur / 1000),
        what: outer.slice(0, 4).map(label),
        where: share,
        functions,
      };
    });
}

async function profile(browser, base, address, ready) {
  const page = await browser.newPage();
  await page.emulate({
    viewport: { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
    userAgent: await browser.userAgent(),
  });
  const cdp = await page.createCDPSession();
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', {
    origin: base,
    storageTypes: 'service_workers,cache_storage',
  });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...THROTTLING });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.tracing.start({ categories: CATEGORIES });
  const started = Date.now();
  await page.goto(address, { waitUntil: 'load', timeout: 120_000 });
  // Polled through the protocol: puppeteer's waitForSelector injects its helpers into the page, whose
  // evaluation under the 4x slowdown would show as long tasks of their own.
  const probe = `Boolean(document.querySelector(${JSON.stringify(ready)}))`;
  while (!(await cdp.send('Runtime.evaluate', { expression: probe, returnByValue: true })).result.value) {
    if (Date.now() - started > 120_000) throw new Error(`${address}: ${ready} absent`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const readyMs = Date.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const trace = JSON.parse(Buffer.from(await page.tracing.stop()).toString('utf8'));
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await page.close();
  const events = trace.traceEvents;
  // Times from the request of the page itself.
  const request = events.find(
    (event) => event.name === 'ResourceSendRequest' && event.args?.data?.url === address,
  );
  const origin = request?.ts ?? 0;
  const tasks = longTasks(events, origin);
  const blockingMs = tasks.reduce((sum, task) => sum + task.durationMs - LONG_TASK_MS, 0);
  // From the trace, not from the polling above (which starts at the load event): the page's largest
  // paint (its last candidate) and when each API call was sent.
  const sinceRequest = (event) => Math.round((event.ts - origin) / 1000);
  const candidates = events.filter((event) => event.name === 'largestContentfulPaint::Candidate');
  const lcpMs = candidates.length ? sinceRequest(candidates[candidates.length - 1]) : null;
  const apiSentMs = Object.fromEntries(
    events
      .filter((event) => event.name === 'ResourceSendRequest' && /\/api\//.test(event.args?.data?.url ?? ''))
      .map((event) => [new URL(event.args.data.url).pathname, sinceRequest(event)]),
  );
  return { readyMs, lcpMs, apiSentMs, longTasks: tasks.length, blockingMs, tasks };
}

async function main() {
  if (webRoot) process.env.WEB_ROOT = webRoot;
  const loadAverage = os.loadavg().map((load) => Number(load.toFixed(2)));
  newDataDir();
  const { api, base, lister } = await seededApi({ listSize: LIST_SIZE, exportSize: 0 });
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    defaultViewport: null,
  });
  const results = {};
  try {
    const roundId = await saveRound(base, lister);
    const screens = {
      login: [`${base}/login`, 'input[type="password"]:not([inert] *)'],
      list: [`${base}/dashboard/opportunity/list/all`, '.opportunity-tab__count'],
      round: [`${base}/dashboard/tournees/${roundId}`, '.round-editor__summary'],
    };
    for (const name of SCREENS) {
      const page = await browser.newPage();
      await page.goto(`${base}/login`);
      await page.evaluate(
        (session) => {
          window.localStorage.clear();
          if (session) {
            window.localStorage.setItem('token', session.token);
            window.localStorage.setItem('CurrentOrganisation', session.organisationId);
          }
        },
        name === 'login' ? null : { token: lister.token, organisationId: lister.organisationId },
      );
      await page.close();
      const [address, ready] = screens[name];
      results[name] = await profile(browser, base, address, ready);
      const { readyMs, lcpMs, apiSentMs, tasks, blockingMs } = results[name];
      console.log(
        `\n${name}: ready in ${readyMs} ms, ${tasks.length} long tasks, ${blockingMs} ms beyond 50 ms`,
      );
      console.log(
        `  LCP ${lcpMs ?? '?'} ms; API calls sent at ${Object.entries(apiSentMs)
          .map(([path, ms]) => `${path} ${ms} ms`)
          .join(', ')}`,
      );
      for (const task of tasks) {
        console.log(`  ${task.startMs} ms +${task.durationMs} ms: ${task.what.join(' | ')}`);
        console.log(`      ${task.where.join(', ')}`);
        console.log(`      ${task.functions.join(', ')}`);
      }
    }
  } finally {
    await browser.close();
    stop(api);
    cleanUp();
  }
  if (outFile)
    writeFileSync(
      outFile,
      `${JSON.stringify({ date: new Date().toISOString(), loadAverage, loadAverageAtEnd: os.loadavg().map((load) => Number(load.toFixed(2))), webRoot: webRoot ?? null, screens: results }, null, 2)}\n`,
    );
}

await main();
