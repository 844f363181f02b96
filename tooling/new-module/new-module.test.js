// Generator test (node --test tooling/): generates into a throwaway copy of the repository's root files.
const assert = require('node:assert/strict');
const { execFileSync } = require('node:child_process');
const {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');
const { afterEach, beforeEach, test } = require('node:test');
const { generateModule } = require('./new-module');

const REPO = path.resolve(__dirname, '../..');
let root;

/**
 * What the generator reads: the root package.json, the manifest, the shell's icons, the permission
 * bits, the platform's package (versions), one remote's config.
 */
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'new-module-'));
  for (const file of [
    'package.json',
    'remotes.json',
    'shell/src/layout/icons.tsx',
    'domain/src/permissions.ts',
    'platform/package.json',
    'mfe-billing/webpack.config.js',
  ])
    cpSync(path.join(REPO, file), path.join(root, file), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const read = (file) => readFileSync(path.join(root, file), 'utf8');
const files = (folder) =>
  readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(path.join(root, folder), path.join(entry.parentPath, entry.name)))
    .sort();

test('it creates mfe-<name> from the template, adds the workspace and, when asked, the manifest entry', () => {
  const done = generateModule({
    root,
    name: 'crm',
    title: 'Gestion de la relation client',
    description: 'Suivi des clients et des contacts.',
    icon: 'user',
    manifest: path.join(root, 'remotes.json'),
  });
  assert.equal(done.devPort, 3006);
  assert.deepEqual(files('mfe-crm'), [
    'jest.config.js',
    'package.json',
    'src/bootstrap.tsx',
    'src/features/home/components/home-screen.test.tsx',
    'src/features/home/components/home-screen.tsx',
    'src/index.ts',
    'src/routes.tsx',
    'tsconfig.json',
    'webpack.config.js',
  ]);
  const pkg = JSON.parse(read('mfe-crm/package.json'));
  assert.equal(pkg.name, '@app/mfe-crm');
  assert.deepEqual(Object.keys(pkg.scripts), ['build', 'dev', 'test', 'lint', 'typecheck']);
  assert.deepEqual(
    pkg.dependencies,
    JSON.parse(readFileSync(path.join(REPO, 'mfe-billing/package.json'))).dependencies,
  );
  assert.match(
    read('mfe-crm/webpack.config.js'),
    /createWebpackConfig\(\{[\s\S]*name: 'crm',\s*devPort: 3006,\s*exposes: \{ '\.\/Routes': '\.\/src\/routes\.tsx' \}/,
  );
  assert.match(
    read('mfe-crm/src/routes.tsx'),
    /<Route path="\/dashboard\/crm" element=\{<HomeScreen \/>\} \/>/,
  );
  // Where a screen opened by its address starts its calls before it renders (the platform's helper).
  assert.match(read('mfe-crm/src/routes.tsx'), /startFirstScreen\(\[\{ path: '\/dashboard\/crm' \}\]\);/);
  assert.match(read('mfe-crm/src/features/home/components/home-screen.tsx'), /Gestion de la relation client/);
  for (const file of files('mfe-crm')) assert.doesNotMatch(read(`mfe-crm/${file}`), /__[A-Z_]+__/, file);

  const workspaces = JSON.parse(read('package.json')).workspaces;
  // After the last remote already listed (mfe-reports, itself generated).
  assert.equal(workspaces.filter((workspace) => workspace.startsWith('mfe-')).at(-1), 'mfe-crm');
  assert.equal(workspaces.filter((workspace) => workspace === 'mfe-crm').length, 1);
  const manifest = JSON.parse(read('remotes.json'));
  assert.deepEqual(manifest.crm, {
    entry: '/remotes/crm/mf-manifest.json',
    routes: ['/dashboard/crm'],
    module: {
      title: 'Gestion de la relation client',
      description: 'Suivi des clients et des contacts.',
      icon: 'user',
      to: '/dashboard/crm',
      active: true,
      navigation: [
        { label: 'Gestion de la relation client', icon: 'user', to: '/dashboard/crm', active: true },
      ],
    },
  });
});

test('--permission gates the card and the navigation entry with a bit of domain/src/permissions.ts', () => {
  generateModule({
    root,
    name: 'forecasts',
    title: 'Prévisions',
    icon: 'briefcase',
    permission: '262144',
    manifest: path.join(root, 'remotes.json'),
    workspace: false,
  });
  const { module } = JSON.parse(read('remotes.json')).forecasts;
  assert.equal(module.permission, 262144);
  assert.deepEqual(module.navigation, [
    { label: 'Prévisions', icon: 'briefcase', to: '/dashboard/forecasts', permission: 262144, active: true },
  ]);
});

test('the shared dependencies follow the platform: its version and its ranges of every singleton', () => {
  const platformFile = path.join(root, 'platform/package.json');
  const platform = JSON.parse(read('platform/package.json'));
  writeFileSync(
    platformFile,
    JSON.stringify({
      ...platform,
      version: '0.9.0',
      dependencies: { ...platform.dependencies, zustand: '^6.0.0' },
    }),
  );
  generateModule({ root, name: 'devis', workspace: false });
  const { dependencies } = JSON.parse(read('mfe-devis/package.json'));
  assert.equal(dependencies['@app/platform'], '0.9.0');
  assert.equal(dependencies.zustand, '^6.0.0');
  const { SINGLETONS } = require('../webpack/shared');
  for (const request of SINGLETONS) assert.ok(dependencies[request.split('/')[0]], request);
});

test('a module announced in the manifest without a remote (quotes) is completed and keeps its texts', () => {
  generateModule({ root, name: 'quotes', manifest: path.join(root, 'remotes.json'), workspace: false });
  const { quotes } = JSON.parse(read('remotes.json'));
  assert.equal(quotes.entry, '/remotes/quotes/mf-manifest.json');
  assert.equal(quotes.module.title, 'Devis');
  assert.equal(quotes.module.description, 'Création et suivi des devis.');
  assert.equal(quotes.module.active, true);
  assert.match(read('mfe-quotes/src/features/home/components/home-screen.tsx'), />\s*Devis\s*</);
});

test('a manifest entry that already has a remote is refused', () => {
  const manifestFile = path.join(root, 'remotes.json');
  const manifest = JSON.parse(read('remotes.json'));
  writeFileSync(
    manifestFile,
    JSON.stringify({ ...manifest, agenda: { entry: 'https://agenda.exemple.fr/mf-manifest.json' } }),
  );
  assert.throws(
    () => generateModule({ root, name: 'agenda', manifest: manifestFile }),
    /contient déjà une entrée « agenda »/,
  );
  assert.ok(!existsSync(path.join(root, 'mfe-agenda')));
});

test('without --manifest the manifest is untouched; with --no-workspace the root package.json too', () => {
  const before = { manifest: read('remotes.json'), pkg: read('package.json') };
  generateModule({ root, name: 'devis', workspace: false });
  assert.equal(read('remotes.json'), before.manifest);
  assert.equal(read('package.json'), before.pkg);
  assert.ok(existsSync(path.join(root, 'mfe-devis/src/routes.tsx')));
});

for (const [name, options, message] of [
  ['Crm', {}, 'Nom de module invalide « Crm »'],
  ['c', {}, 'Nom de module invalide « c »'],
  ['mon-crm', {}, 'Nom de module invalide « mon-crm »'],
  ['shell', {}, 'Le nom « shell » est réservé à la plateforme.'],
  ['billing', {}, 'Le module « billing » existe déjà (dossier mfe-billing).'],
  ['billing', { manifest: true }, 'Le module « billing » existe déjà'],
  ['auth', { manifest: true, workspace: false }, 'contient déjà une entrée « auth »'],
  ['crm', { icon: 'licorne' }, 'Icône inconnue « licorne »'],
  ['crm', { permission: '3' }, 'Permission inconnue « 3 »'],
])
  test(`it refuses ${name} ${JSON.stringify(options)} in French and writes nothing`, () => {
    const before = {
      manifest: read('remotes.json'),
      pkg: read('package.json'),
      folders: readdirSync(root).sort(),
    };
    const manifest = options.manifest ? path.join(root, 'remotes.json') : undefined;
    assert.throws(
      () => generateModule({ root, name, ...options, manifest }),
      (error) => {
        assert.ok(error.message.includes(message), error.message);
        return true;
      },
    );
    assert.deepEqual(
      { manifest: read('remotes.json'), pkg: read('package.json'), folders: readdirSync(root).sort() },
      before,
    );
  });

test('the command line says what is wrong in French and exits with 1', () => {
  const script = path.join(__dirname, 'new-module.js');
  assert.throws(
    () => execFileSync(process.execPath, [script, 'Mauvais_Nom'], { cwd: root, stdio: 'pipe' }),
    (error) => {
      assert.equal(error.status, 1);
      assert.match(error.stderr.toString(), /^Nom de module invalide « Mauvais_Nom »/);
      return true;
    },
  );
});

test('the shell’s dev server lists a generated module of the manifest on its own dev port, a module outside the workspaces not', () => {
  const { devRemoteEntries } = require('../webpack/dev-remotes');
  // The generated webpack config requires the shared factory at ../tooling/webpack.
  symlinkSync(path.join(REPO, 'tooling'), path.join(root, 'tooling'), 'dir');
  cpSync(path.join(REPO, 'mfe-billing/package.json'), path.join(root, 'mfe-billing/package.json'));
  const manifest = path.join(root, 'remotes.json');
  generateModule({ root, name: 'crm', manifest });
  generateModule({ root, name: 'horsespace', manifest, workspace: false });
  assert.deepEqual(devRemoteEntries(root), {
    billing: 'http://127.0.0.1:3005/mf-manifest.json',
    crm: 'http://127.0.0.1:3006/mf-manifest.json',
  });
});
