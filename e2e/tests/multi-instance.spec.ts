import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort, REPO } from '../support/servers';

// Issue 13: two API processes on one DATA_DIR behind one port (a round-robin proxy), one user's calls
// alternating between them, give the same results as one process; the rate limit and a revoked
// session hold on both. docs/deployment.md.

const RATE_LIMIT_ENV = { RATE_LIMIT_MAX_PER_EMAIL: '3', RATE_LIMIT_WINDOW_S: '600' };

type Instance = { url: string; child: ChildProcess };

async function startInstance(dataDir: string): Promise<Instance> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(REPO, 'api/dist/index.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'error',
      ...RATE_LIMIT_ENV,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`L'API s'est arrêtée au démarrage (code ${child.exitCode})`);
    const healthy = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { url, child };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`L'API ne répond pas sur ${url}`);
}

function stopInstance({ child }: Instance): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

type Proxy = { url: string; served: number[]; stop: () => Promise<void> };

/** One port in front of the instances: each request goes to the next one in turn. */
async function roundRobin(targets: string[]): Promise<Proxy> {
  const served = targets.map(() => 0);
  let next = 0;
  const server: Server = createServer((incoming, outgoing) => {
    const index = next % targets.length;
    next += 1;
    served[index] = (served[index] ?? 0) + 1;
    const target = new URL(incoming.url ?? '/', targets[index]);
    const forward = httpRequest(
      target,
      { method: incoming.method, headers: { ...incoming.headers, host: target.host } },
      (reply) => {
        outgoing.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(outgoing);
      },
    );
    forward.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(forward);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

type Reply = { status: number; body: Record<string, unknown> };

async function post(baseUrl: string, route: string, body: Record<string, unknown>): Promise<Reply> {
  const response = await fetch(`${baseUrl}${route}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function ok<T>(baseUrl: string, route: string, body: Record<string, unknown>): Promise<T> {
  const reply = await post(baseUrl, route, body);
  if (reply.status !== 200) throw new Error(`${route} : ${reply.status} ${String(reply.body.message)}`);
  return reply.body as T;
}

/** Ids, instants and delays differ from one run to the next; the rest must be identical. */
function normalised(value: unknown, ids: Map<string, string>): unknown {
  if (typeof value === 'string' && /^[0-9a-f]{24}$/.test(value)) {
    if (!ids.has(value)) ids.set(value, `<id ${ids.size + 1}>`);
    return ids.get(value);
  }
  if (typeof value === 'number' && value > 1e9) return '<instant>';
  if (Array.isArray(value)) return value.map((item) => normalised(item, ids));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== 'token' && key !== 'timeFilter')
        .map(([key, inner]) => [key, normalised(inner, ids)]),
    );
  return value;
}

const FILE_ROWS = [
  { 'Raison sociale': 'Crèche Les Lucioles', CP: '01000', Ville: 'Bourg-en-Bresse', Tél: '0474123456' },
  { 'Raison sociale': 'Café du Port', CP: '29200', Ville: 'Brest', Tél: '0298000000' },
  { 'Raison sociale': 'Garage Martin', CP: '69003', Ville: 'Lyon', Tél: '0478000000' },
  { 'Raison sociale': 'Boulangerie Moreau', CP: '75011', Ville: 'Paris', Tél: '0143000000' },
  { 'Raison sociale': 'Café du Port', CP: '29200', Ville: 'Brest', Tél: '0298000000' },
];

/**
 * One user's day, call after call: sign up, create an organisation, import a file in batches, list,
 * change states, comment, sign out. Returns what each step answered, normalised.
 */
async function workingDay(baseUrl: string, email: string): Promise<unknown[]> {
  const transcript: unknown[] = [];
  const record = <T>(step: string, reply: T): T => {
    transcript.push({ step, reply });
    return reply;
  };
  const { token } = record(
    'inscription',
    await ok<{ token: string }>(baseUrl, '/api/fastRegister', {
      email,
      password: 'Motdepasse1',
      username: 'Martin Claire',
      raisonSocial: 'Société Exemple',
      fonction: 'Commerciale',
      phone: '0612345678',
    }),
  );
  const { organisation } = record(
    'organisation',
    await ok<{ organisation: { _id: string } }>(baseUrl, '/api/organisation/create', {
      token,
      name: 'Équipe Ouest',
      phone: '0299000000',
    }),
  );
  record('organisations', await ok(baseUrl, '/api/organisation/get', { token }));
  const caller = { token, organisationId: organisation._id };

  const { importId } = record(
    'import démarré',
    await ok<{ importId: string }>(baseUrl, '/api/prospect/import/start', {
      ...caller,
      name: 'Salon des crèches 2026',
      isPrivate: false,
      value: { prospect: 'Raison sociale', codePostale: 'CP', ville: 'Ville', telephone: 'Tél' },
      columns: ['Raison sociale', 'CP', 'Ville', 'Tél'],
      totalRows: FILE_ROWS.length,
      duplicates: 'skip',
    }),
  );
  for (const offset of [0, 2, 4])
    record(
      `lot ${offset}`,
      await ok(baseUrl, '/api/prospect/import/rows', {
        ...caller,
        importId,
        offset,
        rows: FILE_ROWS.slice(offset, offset + 2),
      }),
    );
  // A batch sent again (a retry after a lost answer) is acknowledged, not stored twice.
  record(
    'lot 2 renvoyé',
    await ok(baseUrl, '/api/prospect/import/rows', {
      ...caller,
      importId,
      offset: 2,
      rows: FILE_ROWS.slice(2, 4),
    }),
  );
  const { excelId } = record(
    'import terminé',
    await ok<{ excelId: string }>(baseUrl, '/api/prospect/import/finish', { ...caller, importId }),
  );
  record('fichiers', await ok(baseUrl, '/api/prospect/get/all', caller));
  const { value: prospects } = record(
    'prospects',
    await ok<{ value: { _id: string }[] }>(baseUrl, '/api/prospect/get/value', { ...caller, excelId }),
  );

  const opportunityIds: string[] = [];
  for (const prospect of prospects) {
    const { opportunityId } = record(
      'opportunité',
      await ok<{ opportunityId: string }>(baseUrl, '/api/opportunity/create', {
        ...caller,
        prospectId: prospect._id,
      }),
    );
    opportunityIds.push(opportunityId);
  }
  const [first, second, third] = opportunityIds;
  const inTenDays = Date.now() + 10.5 * 24 * 60 * 60 * 1000;
  record(
    'en attente',
    await ok(baseUrl, '/api/opportunity/setWaiting', { ...caller, opportunityId: first, date: inTenDays }),
  );
  record('gagnée', await ok(baseUrl, '/api/opportunity/setWin', { ...caller, opportunityId: second }));
  record('perdue', await ok(baseUrl, '/api/opportunity/setLoose', { ...caller, opportunityId: third }));
  record('à faire', await ok(baseUrl, '/api/opportunity/setTodo', { ...caller, opportunityId: third }));
  const { status } = record(
    'statuts',
    await ok<{ status: { _id: string }[] }>(baseUrl, '/api/opportunity/status', caller),
  );
  record(
    'commentaire',
    await ok(baseUrl, '/api/messages/post', {
      ...caller,
      opportunityId: first,
      statusId: status[0]?._id,
      message: 'Premier appel, rappeler jeudi',
    }),
  );
  for (const state of ['all', 'todo', 'waiting', 'win', 'loose'])
    record(
      `liste ${state}`,
      await ok(baseUrl, '/api/opportunity/getwithfilter', { ...caller, filter: { state } }),
    );
  record('compteurs', await ok(baseUrl, '/api/opportunity/getAllCount', caller));
  record('détail', await ok(baseUrl, '/api/opportunity/get', { ...caller, opportunityId: first }));

  record('déconnexion', await ok(baseUrl, '/api/logout', { token }));
  // Refused by whichever instance answers: twice in a row reaches both.
  for (let attempt = 0; attempt < 2; attempt += 1)
    record('après déconnexion', (await post(baseUrl, '/api/organisation/get', { token })).status);
  return transcript.map((entry) => normalised(entry, new Map()));
}

test.describe.serial('plusieurs processus API sur un même DATA_DIR', () => {
  let dataDir: string;
  let soloDir: string;
  let instances: Instance[] = [];
  let solo: Instance;
  let proxy: Proxy;

  test.beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-multi-'));
    soloDir = mkdtempSync(path.join(tmpdir(), 'e2e-solo-'));
    // One after the other: the second opens a store the first has already set up.
    instances = [await startInstance(dataDir), await startInstance(dataDir)];
    solo = await startInstance(soloDir);
    proxy = await roundRobin(instances.map((instance) => instance.url));
  });

  test.afterAll(async () => {
    await proxy?.stop();
    for (const instance of [...instances, solo]) if (instance) await stopInstance(instance);
    for (const dir of [dataDir, soloDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('one user’s calls alternating between two instances give what one instance gives', async () => {
    const alternating = await workingDay(proxy.url, `alternance${Date.now()}@exemple.fr`);
    const single = await workingDay(solo.url, `seul${Date.now()}@exemple.fr`);
    expect(alternating).toEqual(single);
    // The proxy did alternate: each instance answered half of the calls.
    expect(Math.abs((proxy.served[0] ?? 0) - (proxy.served[1] ?? 0))).toBeLessThanOrEqual(1);
    expect(proxy.served[0]).toBeGreaterThan(15);
    // The file holds each distinct row once, whichever instance stored each batch.
    const listing = alternating.find((entry) => (entry as { step: string }).step === 'prospects') as {
      reply: { value: { prospect: string }[] };
    };
    expect(listing.reply.value.map((row) => row.prospect).sort()).toEqual([
      'Boulangerie Moreau',
      'Café du Port',
      'Crèche Les Lucioles',
      'Garage Martin',
    ]);
    expect(alternating.at(-1)).toEqual({ step: 'après déconnexion', reply: 401 });
    expect(alternating.at(-2)).toEqual({ step: 'après déconnexion', reply: 401 });
  });

  test('the login limit is shared: the attempt after the limit is refused, whichever instance gets it', async () => {
    const email = `limite${Date.now()}@exemple.fr`;
    await ok(proxy.url, '/api/fastRegister', {
      email,
      password: 'Motdepasse1',
      username: 'Durand Paul',
      raisonSocial: 'Société Limite',
      fonction: 'Gérant',
      phone: '0612345678',
    });
    const replies: Reply[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1)
      replies.push(await post(proxy.url, '/api/login', { email, password: 'Mauvais1x' }));
    expect(replies.map((reply) => reply.status)).toEqual([401, 401, 401, 429]);
    expect(replies[3]?.body.message).toBe('Trop de tentatives, veuillez réessayer dans quelques minutes');
    // Each instance, asked directly, refuses the address too, even with the right password.
    for (const instance of instances)
      expect((await post(instance.url, '/api/login', { email, password: 'Motdepasse1' })).status).toBe(429);
  });

  test('a session revoked through one instance is refused by both', async () => {
    const email = `revocation${Date.now()}@exemple.fr`;
    const { token } = await ok<{ token: string }>(proxy.url, '/api/fastRegister', {
      email,
      password: 'Motdepasse1',
      username: 'Petit Anne',
      raisonSocial: 'Société Révoquée',
      fonction: 'Gérante',
      phone: '0612345678',
    });
    for (const instance of instances)
      expect((await post(instance.url, '/api/organisation/get', { token })).status).toBe(200);
    await ok(instances[0]?.url ?? '', '/api/logout', { token });
    for (const instance of instances) {
      const reply = await post(instance.url, '/api/organisation/get', { token });
      expect(reply.status).toBe(401);
      expect(reply.body.message).toBe('Session invalide ou expirée, veuillez vous reconnecter');
    }
  });

  test('the contract is served by every instance, the same', async () => {
    const documents = await Promise.all(
      instances.map(async (instance) => {
        const response = await fetch(`${instance.url}/api/openapi.json`);
        expect(response.headers.get('cache-control')).toBe('public, max-age=300');
        // Each instance names its own PUBLIC_URL as the server; the rest must not differ.
        const { servers: _servers, ...document } = (await response.json()) as Record<string, unknown>;
        return document;
      }),
    );
    expect(documents[0]).toEqual(documents[1]);
    expect(documents[0]?.openapi).toBe('3.1.0');
  });
});
