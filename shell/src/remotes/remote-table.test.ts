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
