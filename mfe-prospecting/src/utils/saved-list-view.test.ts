import { NO_SELECTION } from './list-filter';
import { readSavedListView, savedListViewKey, saveListView } from './saved-list-view';

const KEY = savedListViewKey('aaaaaaaaaaaaaaaaaaaaaaaa', 'todo');

beforeEach(() => sessionStorage.clear());

test('what was saved for an organisation and list is read back, and nothing for another list', () => {
  const view = {
    search: 'garage',
    sort: 'asc' as const,
    selection: { ...NO_SELECTION, region: ['Bretagne'] },
  };
  saveListView(KEY, view);
  expect(readSavedListView(KEY, 'desc')).toEqual(view);
  expect(readSavedListView(savedListViewKey('aaaaaaaaaaaaaaaaaaaaaaaa', 'all'), 'desc')).toBeNull();
  expect(readSavedListView(savedListViewKey('bbbbbbbbbbbbbbbbbbbbbbbb', 'todo'), 'desc')).toBeNull();
});

test('an entry that cannot be read gives the list its defaults instead of breaking it', () => {
  sessionStorage.setItem(KEY, '{pas du json');
  expect(readSavedListView(KEY, 'desc')).toBeNull();
  sessionStorage.setItem(
    KEY,
    JSON.stringify({
      search: 3,
      sort: 'au hasard',
      selection: { region: 'Bretagne', departement: [35, '35'] },
    }),
  );
  expect(readSavedListView(KEY, 'asc')).toEqual({
    search: '',
    sort: 'asc',
    selection: { ...NO_SELECTION, departement: ['35'] },
  });
});
