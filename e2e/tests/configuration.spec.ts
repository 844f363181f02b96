// The README's configuration reaches the API the README's way: `npm start` (turbo, then the API) with every
// variable of the README's table set to a value other than its default, each seen applied in the
// effective configuration the API logs at start, and several in what the product does
// (docs/decisions/configuration.md).
import { type ChildProcess, spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BILLINGS, ENRICHMENT_MESSAGES, PLANS } from '@app/domain';
import { expect, test } from '@playwright/test';
import { startRegistryFake } from '../../api/src/test-support/registry-fake';
import { startSmtpServer } from '../../api/src/test-support/smtp';
import { deploymentWebRoot } from '../support/new-module';
import { callerOf, callApi } from '../support/seed';
import { freePort, REPO } from '../support/servers';
import { signUpThroughApi } from '../support/session';

/** Every variable name of the README's "Configuration" table, placeholders expanded. */
function readmeVariables(remoteNames: string[]): string[] {
  const readme = readFileSync(path.join(REPO, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Configuration'));
  const table = section.slice(0, section.indexOf('\n## ', 3));
  const placeholders: Record<string, string[]> = {
    PLAN: PLANS.map((plan) => plan.key.toUpperCase()),
    NAME: remoteNames.map((name) => name.toUpperCase().replaceAll('-', '_')),
  };
  const expand = (name: string): string[] => {
    const match = /<([^>]+)>/.exec(name);
    if (!match) return [name];
    const inside = match[1] ?? '';
    const values = inside.includes('|') ? inside.split(/\\?\|/) : placeholders[inside];
    if (!values) throw new Error(`README : paramètre inconnu <${inside}> dans ${name}`);
    return values.flatMap((value) => expand(name.replace(match[0], value)));
  };
  return table
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...(line.split(/(?<!\\)\|/)[1] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? ''))
    .flatMap(expand);
}

type Started = { child: ChildProcess; output: () => string; stop: () => Promise<void> };

/** `npm start` at the repository root, as the README says, with `env` on top of a clean environment. */
function npmStart(env: Record<string, string>, configured: string[]): Started {
  // The variables the test does not set are removed, and so are the outer turbo's own.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !configured.includes(name) && !name.startsWith('TURBO_') && name !== 'NODE_ENV',
    ),
  );
  const child = spawn('npm', ['start'], {
    cwd: REPO,
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return {
    child,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.pid === undefined) return resolve();
        const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        // npm, turbo and the API form one process group.
        process.kill(-child.pid, 'SIGTERM');
      }),
  };
}

/** Waits for `found` to return a value, npm start still running; fails with its output. */
async function waitFor<T>(what: string, started: Started, found: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const value = await found();
    if (value !== undefined) return value;
    if (started.child.exitCode !== null)
      throw new Error(`npm start s'est arrêté (code ${started.child.exitCode}) :\n${started.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} : rien après 90 s :\n${started.output()}`);
}

/** The "Configuration effective" line the API logs once at start (behind turbo's prefix). */
function loggedConfiguration(output: string): Record<string, unknown> | undefined {
  const line = output.split('\n').find((text) => text.includes('"msg":"Configuration effective"'));
  if (!line) return undefined;
  return (JSON.parse(line.slice(line.indexOf('{'))) as { configuration: Record<string, unknown> })
    .configuration;
}

test('npm start passes every variable of the README to the API, which applies it', async () => {
  test.setTimeout(150_000);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-config-'));
  const webRoot = deploymentWebRoot();
  const remoteNames = Object.keys(JSON.parse(readFileSync(webRoot.manifestFile, 'utf8')) as object);
  const registry = await startRegistryFake();
  const smtp = await startSmtpServer();
  const defaultWorkers = Math.min(4, availableParallelism());

  // Each variable: the text set, and the effective value the API must log (secrets hidden).
  const settings: Record<string, [string, unknown]> = {
    PORT: [String(port), port],
    HOST: ['127.0.0.1', '127.0.0.1'],
    DATA_DIR: [dataDir, dataDir],
    PUBLIC_URL: [`${url}/`, url],
    WEB_ROOT: [webRoot.dir, webRoot.dir],
    SMTP_URL: [smtp.url, smtp.url],
    MAIL_FROM: ['Essai <robot@essai.exemple.fr>', 'Essai <robot@essai.exemple.fr>'],
    STRIPE_SECRET_KEY: ['sk_test_essai', '***'],
    STRIPE_WEBHOOK_SECRET: ['whsec_essai', '***'],
    CHAT_WIDGET: ['crisp', 'crisp'],
    CHAT_WIDGET_ID: ['essai-1', 'essai-1'],
    CHAT_WIDGET_SCRIPT_URL: ['https://chat.exemple.fr/widget.js', 'https://chat.exemple.fr/widget.js'],
    GEOCODER_URL: ['https://adresse.exemple.fr', 'https://adresse.exemple.fr'],
    MAP_TILE_URL: ['https://tuiles.exemple.fr/{z}/{x}/{y}.png', 'https://tuiles.exemple.fr/{z}/{x}/{y}.png'],
    COMPANY_REGISTRY_URL: [registry.url, registry.url],
    COMPANY_REGISTRY_RATE: ['3', 3],
    COMPANY_REGISTRY_TIMEOUT_MS: ['2000', 2000],
    COMPANY_REGISTRY_RETRIES: ['1', 1],
    CORS_ORIGINS: ['https://partenaire.exemple.fr', ['https://partenaire.exemple.fr']],
    LOG_LEVEL: ['debug', 'debug'],
    JSON_BODY_LIMIT: ['2mb', '2mb'],
    TRUST_PROXY: ['1', 1],
    PASSWORD_HASH_COST: ['1024', 1024],
    RATE_LIMIT_WINDOW_S: ['600', 600],
    RATE_LIMIT_MAX_PER_IP: ['50', 50],
    RATE_LIMIT_MAX_PER_EMAIL: ['5', 5],
    TRIAL_DAYS: ['21', 21],
    TRIAL_LICENCES: ['4', 4],
    RENEWAL_LEAD_DAYS: ['60', 60],
    DIGEST_HOUR: ['7', 7],
    AUDIT_RETENTION_DAYS: ['400', 400],
    EXPORT_WORKERS: [String(defaultWorkers === 1 ? 2 : 1), defaultWorkers === 1 ? 2 : 1],
    IMPORT_START_GRACE_MS: ['60000', 60_000],
    IMPORT_WORKERS: ['3', 3],
    FILE_READ_WORKERS: ['2', 2],
    BIN_MOVE_CHUNK: ['500', 500],
    // Two API processes (the cluster), whatever the machine's cores: the checks below go through both.
    WEB_CONCURRENCY: ['2', 2],
  };
  for (const plan of PLANS)
    for (const billing of BILLINGS) {
      const price = `price_essai_${plan.key}_${billing}`;
      settings[`STRIPE_PRICE_${plan.key.toUpperCase()}_${billing.toUpperCase()}`] = [price, price];
    }
  const remoteUrls = Object.fromEntries(
    remoteNames.map((name) => [name, `https://${name}.modules.exemple.fr/mf-manifest.json`]),
  );
  for (const name of remoteNames) {
    const variable = `REMOTE_URL_${name.toUpperCase().replaceAll('-', '_')}`;
    settings[variable] = [remoteUrls[name] ?? '', remoteUrls[name]];
  }
  // MongoDB needs a server: set only where one is given (as the store's other tests do).
  if (process.env.MONGODB_URI) settings.MONGODB_URI = [process.env.MONGODB_URI, expect.any(String)];

  const documented = readmeVariables(remoteNames);
  const untested = documented.filter((name) => !(name in settings) && name !== 'MONGODB_URI');
  expect(untested, 'variables du README sans valeur d’essai ici').toEqual([]);

  const started = npmStart(
    Object.fromEntries(Object.entries(settings).map(([name, [raw]]) => [name, raw])),
    documented,
  );
  try {
    const logged = await waitFor('la configuration effective', started, () =>
      Promise.resolve(loggedConfiguration(started.output())),
    );

    // Every variable of the README is one the configuration reads, and the other way round.
    expect(documented.filter((name) => !(name in logged))).toEqual([]);
    expect(Object.keys(logged).filter((name) => !documented.includes(name))).toEqual([]);
    for (const [name, [, shown]] of Object.entries(settings))
      expect([name, logged[name]]).toEqual([name, shown]);
    expect(JSON.stringify(logged)).not.toMatch(/sk_test_essai|whsec_essai/);

    // And the product does what they say.
    await waitFor(`${url}/healthz`, started, () =>
      fetch(`${url}/healthz`).then(
        (response) => (response.ok ? true : undefined),
        () => undefined,
      ),
    );
    const remotes = (await (await fetch(`${url}/remotes.json`)).json()) as Record<string, { entry?: string }>;
    for (const name of remoteNames) expect([name, remotes[name]?.entry]).toEqual([name, remoteUrls[name]]);
    const page = await fetch(`${url}/login`);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/img-src [^;]*https:\/\/tuiles\.exemple\.fr/);
    expect(csp).toMatch(/script-src [^;]*https:\/\/crm\.modules\.exemple\.fr/);
    expect(await (await fetch(`${url}/app-config.json`)).json()).toEqual({
      chatWidget: { provider: 'crisp', id: 'essai-1', scriptUrl: 'https://chat.exemple.fr/widget.js' },
    });
    const preflight = await fetch(`${url}/api/login`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://partenaire.exemple.fr', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://partenaire.exemple.fr');

    // COMPANY_REGISTRY_URL: an import is enriched from that registry.
    const user = await signUpThroughApi(url);
    const caller = await callerOf(url, user.token);
    const { excelId } = await callApi<{ excelId: string }>(url, '/api/prospect/load', {
      ...caller,
      name: 'Fichier enrichi',
      isPrivate: false,
      value: { prospect: 'Raison sociale', siret: 'SIRET' },
      exel: [{ 'Raison sociale': 'Boulangerie du Port', SIRET: '41235874900015' }],
    });
    await expect
      .poll(async () => {
        const report = await callApi<{ status: string; message?: string }>(
          url,
          '/api/prospect/import/enrichment',
          { ...caller, excelId },
        );
        return report.message === ENRICHMENT_MESSAGES.notConfigured ? 'non configuré' : report.status;
      })
      .toBe('done');
    expect(registry.queries.length).toBeGreaterThan(0);

    // SMTP_URL and MAIL_FROM: the reset e-mail goes out through that server, from that address.
    await callApi(url, '/api/forgot', { email: user.email });
    const mail = await smtp.waitFor(user.email, 10_000);
    expect(mail.from).toBe('robot@essai.exemple.fr');
  } finally {
    await started.stop();
    await registry.stop();
    await smtp.close();
    webRoot.remove();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
