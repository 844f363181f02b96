import { useSessionStore } from './session-store';
import { readOpportunityIds, saveOpportunityIds } from './storage-keys';

beforeEach(() => {
  localStorage.clear();
  useSessionStore.getState().clearSession();
});

test('keeps the token under the "token" key and the organisation under "CurrentOrganisation"', () => {
  useSessionStore.getState().signIn('abc');
  useSessionStore.getState().setOrganisations([{ _id: 'o1', name: 'Alpha' }]);
  expect(localStorage.getItem('token')).toBe('abc');
  expect(localStorage.getItem('CurrentOrganisation')).toBe('o1');
});

test('reads back what an earlier visit stored', async () => {
  localStorage.setItem('token', 'stored');
  localStorage.setItem('CurrentOrganisation', 'o9');
  localStorage.setItem('navCollapsed', 'false');
  await useSessionStore.persist.rehydrate();
  expect(useSessionStore.getState()).toMatchObject({
    token: 'stored',
    currentOrganisationId: 'o9',
    navCollapsed: false,
  });
});

test('clearing the session empties local and session storage entirely', () => {
  useSessionStore.getState().signIn('abc');
  saveOpportunityIds('todo', ['1', '2']);
  sessionStorage.setItem('liste:o1:todo', '{"search":"garage"}');
  useSessionStore.getState().clearSession();
  expect(localStorage.length).toBe(0);
  expect(sessionStorage.length).toBe(0);
  expect(useSessionStore.getState().token).toBeNull();
});

test('opportunity ids are kept per filter, separated by semicolons', () => {
  saveOpportunityIds('waiting', ['a', 'b', 'c']);
  expect(localStorage.getItem('waiting')).toBe('a;b;c');
  expect(readOpportunityIds('waiting')).toEqual(['a', 'b', 'c']);
  expect(readOpportunityIds('win')).toEqual([]);
});

test('the permission mask follows the role held in the current organisation', () => {
  useSessionStore.getState().setOrganisations([
    { _id: 'o1', name: 'Alpha', role: { _id: 'r1', name: 'Administrateur', binaryValue: '8388607' } },
    { _id: 'o2', name: 'Beta', role: { _id: 'r2', name: 'Commercial', binaryValue: '4371328' } },
  ]);
  expect(useSessionStore.getState().permissions).toBe(8388607);
  useSessionStore.getState().selectOrganisation('o2');
  expect(useSessionStore.getState().permissions).toBe(4371328);
});
