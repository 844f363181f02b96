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

it('serves the web root remotes.json with its modules, a default entry for the four remotes, and the overrides', async () => {
  const web = webRootWith({
    prospecting: { routes: ['/dashboard/prospect'], module: { title: 'Prospection', active: true } },
    crm,
  });
  const t = createTestApp({
    env: { WEB_ROOT: web, REMOTE_URL_BILLING: 'https://billing.exemple.fr/mf-manifest.json' },
  });
  try {
    const res = await request(t.app).get('/remotes.json');
    expect(res.body).toEqual({
      prospecting: {
        entry: '/remotes/prospecting/mf-manifest.json',
        routes: ['/dashboard/prospect'],
        module: { title: 'Prospection', active: true },
      },
      crm,
      auth: '/remotes/auth/mf-manifest.json',
      settings: '/remotes/settings/mf-manifest.json',
      billing: 'https://billing.exemple.fr/mf-manifest.json',
    });
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toMatch(/script-src [^;]*https:\/\/crm\.exemple\.fr/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/billing\.exemple\.fr/);
  } finally {
    await t.close();
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

it('reads the committed remotes.json: the four remotes and the five modules announced without one', () => {
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
