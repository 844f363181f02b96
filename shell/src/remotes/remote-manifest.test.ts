import committedManifest from '../../../remotes.json';
import { parseRemoteManifest } from './remote-manifest';
import { DEFAULT_REMOTE_ROUTES, findRemoteForPath } from './remote-table';

const ORIGIN = 'http://localhost:3000';

test('the committed manifest is read without a problem: five remotes, seven module cards, the rounds and bin entries', () => {
  const { remotes, problems } = parseRemoteManifest(committedManifest, ORIGIN);
  expect(problems).toEqual([]);
  expect(remotes.filter((remote) => remote.entry !== '').map((remote) => remote.name)).toEqual([
    'auth',
    'prospecting',
    'settings',
    'billing',
    'reports',
  ]);
  expect(remotes.flatMap((remote) => (remote.module ? [remote.module.title] : []))).toEqual([
    'Logiciel de prospection',
    'Gestion de la relation client',
    'Devis',
    'Espace client dédié',
    'Gestion documentaire',
    'Gestion des interventions',
    'Rapports',
  ]);
  const prospecting = remotes.find((remote) => remote.name === 'prospecting');
  expect(prospecting?.module?.navigation).toEqual([
    {
      label: "Aujourd'hui",
      icon: 'bell',
      to: '/dashboard/aujourdhui',
      permission: 128,
      active: true,
    },
    {
      label: 'Gestion des tournées',
      icon: 'route',
      to: '/dashboard/tournees',
      permission: 16384,
      active: true,
    },
    // The bin (issue 23, docs/decisions/bin.md): files' deleters ("Supprimer une campagne").
    { label: 'Corbeille', to: '/dashboard/prospect/corbeille', permission: 65536, active: true },
  ]);
  for (const remote of remotes.filter(({ name }) => DEFAULT_REMOTE_ROUTES[name]))
    expect(remote.routes).toEqual(DEFAULT_REMOTE_ROUTES[remote.name]);
});

test('a plain URL entry keeps the default routes of the four modules and is resolved against the page', () => {
  const { remotes } = parseRemoteManifest({ auth: '/remotes/auth/mf-manifest.json' }, ORIGIN);
  expect(remotes).toEqual([
    { name: 'auth', entry: `${ORIGIN}/remotes/auth/mf-manifest.json`, routes: DEFAULT_REMOTE_ROUTES.auth },
  ]);
});

test('a new module brings its remote, routes, card and navigation entry', () => {
  const { remotes, problems } = parseRemoteManifest(
    {
      crm: {
        entry: 'https://crm.exemple.fr/mf-manifest.json',
        routes: ['/dashboard/crm'],
        module: {
          title: 'Gestion de la relation client',
          description: 'Suivi des clients et des contacts.',
          icon: 'user',
          to: '/dashboard/crm',
          permission: 128,
          active: true,
          navigation: [{ label: 'Clients', to: '/dashboard/crm', icon: 'user', active: true }],
        },
      },
    },
    ORIGIN,
  );
  expect(problems).toEqual([]);
  expect(remotes[0]?.module).toEqual({
    title: 'Gestion de la relation client',
    description: 'Suivi des clients et des contacts.',
    icon: 'user',
    to: '/dashboard/crm',
    permission: 128,
    active: true,
    navigation: [{ label: 'Clients', to: '/dashboard/crm', icon: 'user', active: true }],
  });
  expect(findRemoteForPath(remotes, '/dashboard/crm/clients')).toBe('crm');
});

test.each([
  ['Bad_Name', { entry: '/x/mf-manifest.json' }, 'entrée « Bad_Name » ignorée : nom invalide'],
  ['crm', 42, 'entrée « crm » ignorée : une URL ou un objet est attendu'],
  ['crm', { entry: 'javascript:alert(1)' }, 'entrée « crm » ignorée : « entry » doit être une URL http(s)'],
  [
    'crm',
    { entry: '//autre.exemple/mf.json' },
    'entrée « crm » ignorée : « entry » doit être une URL http(s)',
  ],
  [
    'crm',
    { entry: '/crm/mf-manifest.json', routes: ['dashboard/crm'] },
    'entrée « crm » ignorée : « routes »',
  ],
])('a malformed entry %s is left out with a French reason, the others are kept', (name, value, reason) => {
  const { remotes, problems } = parseRemoteManifest(
    { [name]: value, billing: '/remotes/billing/mf-manifest.json' },
    ORIGIN,
  );
  expect(remotes.map((remote) => remote.name)).toEqual(['billing']);
  expect(problems).toHaveLength(1);
  expect(problems[0]).toContain(reason);
});

test.each([
  [{ description: 'x', active: false }, '« title » est obligatoire'],
  [{ title: 'CRM', description: 'x', active: 'oui' }, '« active » doit valoir true ou false'],
  [{ title: 'CRM', description: 'x', active: false, icon: 'licorne' }, 'icône inconnue « licorne »'],
  [{ title: 'CRM', description: 'x', active: true }, 'un module actif doit indiquer sa page'],
  [{ title: 'CRM', description: 'x', active: false, permission: 3 }, 'puissance de 2'],
  [
    { title: 'CRM', description: 'x', active: false, navigation: [{ label: 'Clients', active: true }] },
    'entrée de navigation invalide : « to »',
  ],
])('a malformed module keeps its remote routable but shows no card (%#)', (module, reason) => {
  const { remotes, problems } = parseRemoteManifest(
    { crm: { entry: '/crm/mf-manifest.json', routes: ['/dashboard/crm'], module } },
    ORIGIN,
  );
  expect(remotes).toEqual([
    { name: 'crm', entry: `${ORIGIN}/crm/mf-manifest.json`, routes: ['/dashboard/crm'] },
  ]);
  expect(problems[0]).toContain('module « crm » ignoré');
  expect(problems[0]).toContain(reason);
});

test('a manifest that is not an object gives no remote and says why', () => {
  expect(parseRemoteManifest(['auth'], ORIGIN)).toEqual({
    remotes: [],
    problems: ['le manifeste doit être un objet JSON'],
  });
});
