// The deployment's remotes.json in the web root: served merged with REMOTE_URL_<NAME>, and its remote
// origins allowed by the page's CSP, so a new module is added without rebuilding the shell.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createTestApp } from '../test-support/test-app';
import { readRemotesManifestFile, REMOTES_MANIFEST_FILE } from './remotes-manifest';

const committed = path.resolve(__dirname, '../../..', REMOTES_MANIFEST_FILE);

const crm = {
  entry: 'https://crm.exemple.fr/mf-manifest.json',
  routes: ['/dashboard/crm'],
  module: {
    title: 'Gestion de la relation client',
    description: 'Clients.',
    to: '/dashboard/crm',
    active: true,
  },
};

/** A web root holding only the given remotes.json (the shell and remotes are not needed here). */
function webRootWith(manifest: unknown): string {
  const web = mkdtempSync(path.join(tmpdir(), 'web-root-'));
  writeFileSync(
    path.join(web, REMOTES_MANIFEST_FILE),
    typeof manifest === 'string' ? manifest : JSON.stringify(manifest),
  );
  return web;
}

it('serves the web root remotes.json as it is, REMOTE_URL_<NAME> replacing the entry of any of its names', async () => {
  const web = webRootWith({
    prospecting: { routes: ['/dashboard/prospect'], module: { title: 'Prospection', active: true } },
    crm,
    billing: '/remotes/billing/mf-manifest.json',
    'customer-space': { module: { title: 'Espace client', description: 'x', active: false } },
  });
  const t = createTestApp({
    env: {
      WEB_ROOT: web,
      REMOTE_URL_BILLING: 'https://billing.exemple.fr/mf-manifest.json',
      REMOTE_URL_CRM: 'https://crm2.exemple.fr/mf-manifest.json',
      REMOTE_URL_CUSTOMER_SPACE: 'https://espace.exemple.fr/mf-manifest.json',
    },
  });
  try {
    const res = await request(t.app).get('/remotes.json');
    // No remote is added: a name missing from the file (auth, settings) is not served.
    expect(res.body).toEqual({
      prospecting: { routes: ['/dashboard/prospect'], module: { title: 'Prospection', active: true } },
      crm: { ...crm, entry: 'https://crm2.exemple.fr/mf-manifest.json' },
      billing: 'https://billing.exemple.fr/mf-manifest.json',
      'customer-space': {
        entry: 'https://espace.exemple.fr/mf-manifest.json',
        module: { title: 'Espace client', description: 'x', active: false },
      },
    });
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toMatch(/script-src [^;]*https:\/\/crm2\.exemple\.fr/);
    expect(csp).not.toMatch(/https:\/\/crm\.exemple\.fr/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/billing\.exemple\.fr/);
    expect(csp).toMatch(/script-src [^;]*https:\/\/espace\.exemple\.fr/);
  } finally {
    await t.close();
    rmSync(web, { recursive: true, force: true });
  }
});

it('refuses to start on a REMOTE_URL_<NAME> that names no entry of the manifest, naming the variable', () => {
  const web = webRootWith({ crm });
  try {
    expect(() =>
      createTestApp({
        env: { WEB_ROOT: web, REMOTE_URL_BILLING: 'https://billing.exemple.fr/mf-manifest.json' },
      }),
    ).toThrow(
      'REMOTE_URL_BILLING ne correspond à aucune entrée de remotes.json (entrées : crm) (reçu: https://billing.exemple.fr/mf-manifest.json)',
    );
  } finally {
    rmSync(web, { recursive: true, force: true });
  }
});

it('keeps a module announced without a remote (no entry) as it is', async () => {
  const web = webRootWith({ quotes: { module: { title: 'Devis', description: 'x', active: false } } });
  const t = createTestApp({ env: { WEB_ROOT: web } });
  try {
    const res = await request(t.app).get('/remotes.json');
    expect(res.body.quotes).toEqual({ module: { title: 'Devis', description: 'x', active: false } });
  } finally {
    await t.close();
    rmSync(web, { recursive: true, force: true });
  }
});

it.each([
  ['{ pas du json', 'n’est pas un JSON valide'],
  ['["auth"]', 'doit être un objet'],
  ['{ "crm": 42 }', 'l’entrée « crm » doit être une URL ou un objet'],
  ['{ "crm": { "entry": 42 } }', '« entry » de « crm » doit être l’URL de son mf-manifest.json'],
])('refuses to start on a malformed remotes.json (%s) with a French message', async (content, message) => {
  const web = webRootWith(content);
  try {
    expect(() => createTestApp({ env: { WEB_ROOT: web } })).toThrow(message);
  } finally {
    rmSync(web, { recursive: true, force: true });
  }
});

it('reads the committed remotes.json: the four remotes, the five modules announced without one and the generated reports', () => {
  const manifest = readRemotesManifestFile(path.dirname(committed));
  expect(Object.keys(manifest ?? {})).toEqual([
    'auth',
    'prospecting',
    'settings',
    'billing',
    'crm',
    'quotes',
    'customer-space',
    'documents',
    'interventions',
    'reports',
  ]);
});

it('serves a new module from the web root when its manifest entry says /remotes/<name>/', async () => {
  const web = webRootWith({
    crm: { ...crm, entry: '/remotes/crm/mf-manifest.json' },
    other: { entry: '/remotes/elsewhere/mf-manifest.json' },
  });
  mkdirSync(path.join(web, 'mfe-crm/dist'), { recursive: true });
  writeFileSync(path.join(web, 'mfe-crm/dist/mf-manifest.json'), '{"name":"crm"}');
  const t = createTestApp({ env: { WEB_ROOT: web } });
  try {
    const res = await request(t.app).get('/remotes/crm/mf-manifest.json');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ name: 'crm' });
    expect((await request(t.app).get('/remotes/other/mf-manifest.json')).status).toBe(404);
  } finally {
    await t.close();
    rmSync(web, { recursive: true, force: true });
  }
});
