// Bundle size benchmark: what a browser downloads, in bytes gzip, for the shell's first screen and
// for each remote's entry + first route. Drives Debian's Chromium against the one-port build.
//
// The budget (issue 22: "the remote's entry and first route stay within 60 KB gzip, the chart library
// loads with the page that needs it") counts every script of the remote the first route downloads,
// except the chunks of a lazily imported chart library: those are listed and summed apart. A chunk is
// the chart library's when every module its source map names is under node_modules/chart.js or
// node_modules/@kurkle/color (chart.js's colour helper); a chunk mixing them with other code counts in
// the budget. Run `npm run build:apps` first (production builds write the source maps read here).
import { execSync, spawn } from 'node:child_process';
import http from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TARGETS = { shell: 150 * 1024, remote: 60 * 1024 };
const FIRST_ROUTES = {
  auth: '/login',
  prospecting: '/dashboard/opportunity/list/todo',
  settings: '/dashboard/prospect/settings',
  billing: '/dashboard/subscription',
  reports: '/dashboard/reports',
};
/** Modules of a chart library a page imports lazily, by their path in a chunk's source map. */
const CHART_LIBRARY = /(^|\/)node_modules\/(chart\.js|@kurkle\/color)\//;
/** What Chromium 150 asks for, on plain http to 127.0.0.1 too. */
const CHROMIUM_ENCODINGS = 'gzip, deflate, br, zstd';
const CHART_LIBRARY_NOTE =
  "hors budget : la bibliothèque de graphiques est importée à la demande par le composant du graphique (chart-canvas.tsx) et se charge avec la page qui dessine un graphique, après l'entrée et le premier écran";

const port = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-size-'));
const origin = `http://127.0.0.1:${port}`;
const api = spawn(process.execPath, [path.join(repo, 'api/dist/index.js')], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: 'inherit',
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

try {
  await waitForHealth();
  const token = await signUp();
  const results = {
    measuredAt: new Date().toISOString(),
    load: { uptime: execSync('uptime').toString().trim(), loadavg: loadavg() },
    unit: 'bytes gzip (level 9)',
    targets: TARGETS,
    budget:
      "remotes: entry + first route, every script of the remote the route downloads except the chart library's chunks (listed apart under chartLibrary)",
    shell: null,
    remotes: {},
  };

  // Shell: every script the login screen loads that is not the auth remote's.
  const loginScripts = await scriptsLoadedBy('/login', null);
  results.shell = summarise(loginScripts.filter((url) => !url.includes('/remotes/')));
  results.remotes.auth = summariseRemote(loginScripts.filter((url) => url.includes('/remotes/auth/')));

  for (const [name, route] of Object.entries(FIRST_ROUTES)) {
    if (name === 'auth') continue;
    const scripts = await scriptsLoadedBy(route, token);
    results.remotes[name] = summariseRemote(scripts.filter((url) => url.includes(`/remotes/${name}/`)));
  }

  // What the API actually sends to Chromium (it takes Brotli): the builds' Brotli copies where they
  // exist, else what the API compresses on the fly (WEB_ROOT=<a web root> measures another build).
  await addSentBytes(results.shell);
  for (const summary of Object.values(results.remotes)) await addSentBytes(summary);

  const runtime = federationRuntimeShare();
  results.federationRuntime = runtime;
  print(results);
  writeFileSync(path.join(repo, 'bench/results/bundle-size.json'), `${JSON.stringify(results, null, 2)}\n`);
} finally {
  await browser.close();
  await new Promise((resolve) => {
    api.once('exit', resolve);
    api.kill('SIGTERM');
  });
  rmSync(dataDir, { recursive: true, force: true });
}

async function scriptsLoadedBy(route, token) {
  const context = await browser.newContext();
  if (token) await context.addInitScript((value) => localStorage.setItem('token', value), token);
  const page = await context.newPage();
  const scripts = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && response.url().startsWith(origin))
      scripts.push(response.url());
  });
  await page.goto(`${origin}${route}`, { waitUntil: 'networkidle' });
  await context.close();
  return [...new Set(scripts)];
}

function summarise(urls) {
  const files = urls.map((url) => {
    const { pathname } = new URL(url);
    const file = pathname.startsWith('/remotes/')
      ? path.join(repo, `mfe-${pathname.split('/')[2]}/dist`, pathname.split('/').slice(3).join('/'))
      : path.join(repo, 'shell/dist', pathname);
    const content = readFileSync(file);
    return { path: pathname, bytes: content.length, gzip: gzipSync(content, { level: 9 }).length };
  });
  return { gzip: files.reduce((sum, file) => sum + file.gzip, 0), files };
}

/** The bytes the API sends for `pathname` to a browser that takes Brotli, as they come on the wire. */
function sentSize(pathname) {
  return new Promise((resolve, reject) => {
    http
      .get(`${origin}${pathname}`, { headers: { 'Accept-Encoding': CHROMIUM_ENCODINGS } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk) => (bytes += chunk.length));
        res.on('end', () => resolve({ bytes, encoding: res.headers['content-encoding'] ?? 'identity' }));
      })
      .on('error', reject);
  });
}

async function addSentBytes(summary) {
  for (const file of summary.files) Object.assign(file, { sent: await sentSize(file.path) });
  summary.sent = summary.files.reduce((sum, file) => sum + file.sent.bytes, 0);
}

/** The modules a built script holds, from its source map (webpack://<name>/../node_modules/…). */
function modulesOf(pathname) {
  const [, , name, ...rest] = pathname.split('/');
  const map = path.join(repo, `mfe-${name}/dist`, `${rest.join('/')}.map`);
  if (!existsSync(map)) throw new Error(`Pas de source map pour ${pathname} : lancer \`npm run build:apps\``);
  return JSON.parse(readFileSync(map, 'utf8')).sources;
}

/**
 * A remote's first route: the budget counts everything but the chart library's chunks, which are
 * summed apart (`chartLibrary`). `downloaded` is the whole of what the route fetched.
 */
function summariseRemote(urls) {
  const isChartLibrary = (url) => {
    const modules = modulesOf(new URL(url).pathname);
    return modules.length > 0 && modules.every((source) => CHART_LIBRARY.test(source));
  };
  const firstRoute = summarise(urls.filter((url) => !isChartLibrary(url)));
  const chartUrls = urls.filter(isChartLibrary);
  const chartLibrary = chartUrls.length
    ? { ...summarise(chartUrls), note: CHART_LIBRARY_NOTE }
    : { gzip: 0, files: [] };
  return {
    ...firstRoute,
    withinBudget: firstRoute.gzip <= TARGETS.remote,
    chartLibrary,
    downloaded: firstRoute.gzip + chartLibrary.gzip,
  };
}

/** How much of each remote entry is the Module Federation runtime (repeated once per remote). */
function federationRuntimeShare() {
  const entries = Object.keys(FIRST_ROUTES).map((name) => {
    const content = readFileSync(path.join(repo, `mfe-${name}/dist/remoteEntry.js`));
    return { name, gzip: gzipSync(content, { level: 9 }).length };
  });
  return { remoteEntries: entries };
}

function print(results) {
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(
    `shell (écran de connexion, hors remote) : ${kb(results.shell.gzip)} gzip (cible ≤ ${kb(TARGETS.shell)}), ${kb(results.shell.sent)} envoyés à Chromium`,
  );
  for (const [name, summary] of Object.entries(results.remotes)) {
    console.log(
      `remote ${name} (entrée + premier écran) : ${kb(summary.gzip)} gzip (cible ≤ ${kb(TARGETS.remote)}) ${summary.withinBudget ? 'tenu' : 'DÉPASSÉ'}, ${kb(summary.sent)} envoyés à Chromium`,
    );
    if (summary.chartLibrary.files.length === 0) continue;
    const chunks = summary.chartLibrary.files.map((file) => `${file.path} ${kb(file.gzip)}`).join(', ');
    console.log(`  puis bibliothèque de graphiques : ${kb(summary.chartLibrary.gzip)} gzip (${chunks})`);
    console.log(`    ${summary.chartLibrary.note}`);
  }
  console.log(`charge de la machine : ${results.load.uptime}`);
  for (const entry of results.federationRuntime.remoteEntries)
    console.log(`  remoteEntry.js ${entry.name} : ${kb(entry.gzip)} gzip`);
}

async function signUp() {
  const response = await fetch(`${origin}/api/fastRegister`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      email: `bench${Date.now()}@exemple.fr`,
      password: 'Motdepasse1',
      username: 'Banc Mesure',
      raisonSocial: 'Banc de mesure',
      fonction: 'Mesure',
      phone: '0612345678',
    }),
  });
  const body = await response.json();
  if (!body.token) throw new Error(`Inscription impossible : ${body.message}`);
  return body.token;
}

async function waitForHealth() {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("L'API ne démarre pas");
}

function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port: free } = server.address();
      server.close(() => resolve(free));
    });
  });
}
