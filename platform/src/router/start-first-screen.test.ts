import { useSessionStore } from '../session/session-store';
import { startFirstScreen } from './start-first-screen';

const open = (address: string) => window.history.pushState({}, '', address);

beforeEach(() => {
  useSessionStore.getState().clearSession();
  // As at the page's start: the session and organisation kept from the last visit, not yet checked.
  useSessionStore.setState({ token: 'jeton', currentOrganisationId: 'o1' });
});

afterAll(() => open('/'));

test('starts the screen of the address the page was opened on, with its parameters, query and organisation', () => {
  open('/dashboard/module/fiche/42?periode=week');
  const list = jest.fn();
  const card = jest.fn();
  startFirstScreen([
    { path: '/dashboard/module', start: list },
    { path: '/dashboard/module/fiche/:id', start: card },
  ]);
  expect(list).not.toHaveBeenCalled();
  expect(card).toHaveBeenCalledTimes(1);
  const [address] = card.mock.calls[0] as [
    { params: unknown; search: URLSearchParams; organisationId: string },
  ];
  expect(address.params).toEqual({ id: '42' });
  expect(address.search.get('periode')).toBe('week');
  expect(address.organisationId).toBe('o1');
});

test('starts nothing without a stored session or organisation, nor for an address of no screen', () => {
  const start = jest.fn();
  const screens = [{ path: '/dashboard/module', start }];
  open('/dashboard/module');
  useSessionStore.setState({ token: null, currentOrganisationId: 'o1' });
  startFirstScreen(screens);
  useSessionStore.setState({ token: 'jeton', currentOrganisationId: null });
  startFirstScreen(screens);
  useSessionStore.setState({ token: 'jeton', currentOrganisationId: 'o1' });
  open('/dashboard/autre');
  startFirstScreen(screens);
  expect(start).not.toHaveBeenCalled();
  open('/dashboard/module');
  startFirstScreen(screens);
  expect(start).toHaveBeenCalledTimes(1);
});
