import { parseRemoteManifest } from './remote-manifest';
import { DEFAULT_REMOTE_ROUTES, findRemoteForPath } from './remote-table';

const remotes = Object.entries(DEFAULT_REMOTE_ROUTES).map(([name, routes]) => ({ name, entry: 'x', routes }));

test.each([
  ['/login', 'auth'],
  ['/invitation/join/abc', 'auth'],
  ['/dashboard/prospect', 'prospecting'],
  ['/dashboard/prospect/show/42', 'prospecting'],
  ['/dashboard/opportunity/list/todo', 'prospecting'],
  ['/dashboard/prospect/settings', 'settings'],
  ['/dashboard/paiement/success', 'billing'],
  ['/dashboard/nosub', 'billing'],
])('%s belongs to the %s remote (the most specific prefix wins)', (path, remote) => {
  expect(findRemoteForPath(remotes, path)).toBe(remote);
});

test('prefixes match whole path segments only', () => {
  expect(findRemoteForPath(remotes, '/loginx')).toBeNull();
  expect(findRemoteForPath(remotes, '/dashboard')).toBeNull();
});

test('the manifest accepts a plain URL or an object that brings a new module with its routes', () => {
  const parsed = parseRemoteManifest(
    {
      auth: '/remotes/auth/mf-manifest.json',
      crm: { entry: 'https://crm.example/mf-manifest.json', routes: ['/dashboard/crm'] },
    },
    'http://localhost:3000',
  );
  expect(parsed).toEqual([
    {
      name: 'auth',
      entry: 'http://localhost:3000/remotes/auth/mf-manifest.json',
      routes: DEFAULT_REMOTE_ROUTES.auth,
    },
    { name: 'crm', entry: 'https://crm.example/mf-manifest.json', routes: ['/dashboard/crm'] },
  ]);
  expect(findRemoteForPath(parsed, '/dashboard/crm/clients')).toBe('crm');
});
