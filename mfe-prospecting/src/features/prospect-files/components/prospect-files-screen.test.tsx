import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from 'react-router-dom';
import { APP_EVENTS, useAppEvent } from '@app/platform';
import { createManualFile } from '../api/create-manual-file';
import { deleteProspectFile } from '../api/delete-prospect-file';
import { getProspectFiles } from '../api/get-prospect-files';
import { fileRow } from '../test-utils/fixtures';
import { ORGANISATION_ID, renderScreen, signInAdministrator } from '../test-utils/render-screen';
import { ProspectFilesScreen } from './prospect-files-screen';

jest.mock('../api/get-prospect-files');
jest.mock('../api/delete-prospect-file');
jest.mock('../api/create-manual-file');

const getFilesMock = jest.mocked(getProspectFiles);
const deleteMock = jest.mocked(deleteProspectFile);
const createManualMock = jest.mocked(createManualFile);

const ROUTE = { path: '/dashboard/prospect/list' };

const lyon = fileRow();
const creches = fileRow({
  _id: 'f00000000000000000000002',
  name: 'Crèches Île-de-France',
  username: 'Durand Paul',
  isPrivate: true,
  count: 3,
  countSelected: 1,
  activeOpportunities: 0,
});

beforeEach(() => {
  signInAdministrator();
  getFilesMock.mockReset().mockResolvedValue({ value: [lyon, creches] });
  deleteMock.mockReset();
  createManualMock.mockReset();
});

function rowOf(name: string) {
  const row = screen.getByRole('link', { name }).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

test('it lists the files with the columns and formats of the spec', async () => {
  renderScreen(<ProspectFilesScreen />, ROUTE);

  expect(screen.getByRole('heading', { name: 'Fichier de prospection' })).toBeInTheDocument();
  expect(await screen.findByRole('link', { name: 'Boulangeries de Lyon' })).toBeInTheDocument();
  expect(getFilesMock).toHaveBeenCalledWith({ organisationId: ORGANISATION_ID });
  expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
    'Utilisateur',
    'Titre',
    'A qualifier',
    'Opportunités actives',
    'Suggestions',
    'Date de création',
    'Date de mise a jour',
    'Tag',
    'Actions',
  ]);
  const cells = within(rowOf('Boulangeries de Lyon'))
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
  expect(cells.slice(0, 8)).toEqual([
    'Martin Claire',
    'Boulangeries de Lyon',
    '3/120',
    '2',
    '2,50 %',
    '05/01/2026',
    '17/02/2026',
    'Prospection',
  ]);
  expect(within(rowOf('Boulangeries de Lyon')).getByRole('progressbar')).toHaveAttribute('value', '2.5');
  expect(within(rowOf('Crèches Île-de-France')).getByText('Privé')).toBeInTheDocument();
  expect(within(rowOf('Boulangeries de Lyon')).queryByText('Privé')).not.toBeInTheDocument();
  expect(within(rowOf('Crèches Île-de-France')).getByText('33,33 %')).toBeInTheDocument();
});

test('with no file yet, it says so in French', async () => {
  getFilesMock.mockResolvedValue({ value: [] });
  renderScreen(<ProspectFilesScreen />, ROUTE);

  expect(await screen.findByText(/Aucun fichier de prospection pour le moment/)).toBeInTheDocument();
});

test('the search keeps the files whose name contains it, ignoring accents and case', async () => {
  renderScreen(<ProspectFilesScreen />, ROUTE);
  await screen.findByRole('link', { name: 'Boulangeries de Lyon' });

  await userEvent.type(screen.getByRole('searchbox', { name: 'Rechercher un fichier' }), 'CRECHES ile');
  expect(screen.getByRole('link', { name: 'Crèches Île-de-France' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Boulangeries de Lyon' })).not.toBeInTheDocument();

  await userEvent.clear(screen.getByRole('searchbox', { name: 'Rechercher un fichier' }));
  await userEvent.type(screen.getByRole('searchbox', { name: 'Rechercher un fichier' }), 'garage');
  expect(screen.getByText('Aucun fichier ne correspond à votre recherche.')).toBeInTheDocument();
});

test('a click on a row opens the file', async () => {
  renderScreen(<ProspectFilesScreen />, ROUTE);
  await screen.findByRole('link', { name: 'Boulangeries de Lyon' });

  await userEvent.click(within(rowOf('Boulangeries de Lyon')).getByText('3/120'));
  expect(screen.getByTestId('location')).toHaveTextContent(
    '/dashboard/prospect/show/f00000000000000000000001',
  );
});

test('delete asks first, then shows "{title} a correctement été supprimé !" and reloads the list', async () => {
  deleteMock.mockResolvedValue({ message: 'Boulangeries de Lyon a correctement été supprimé !' });
  renderScreen(<ProspectFilesScreen />, ROUTE);
  await screen.findByRole('link', { name: 'Boulangeries de Lyon' });

  await userEvent.click(screen.getByRole('button', { name: 'Supprimer Boulangeries de Lyon' }));
  const dialog = screen.getByRole('dialog', { name: 'Supprimer le fichier' });
  expect(dialog).toHaveTextContent('Voulez-vous vraiment supprimer le fichier Boulangeries de Lyon ?');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
  expect(deleteMock).not.toHaveBeenCalled();

  getFilesMock.mockResolvedValue({ value: [creches] });
  await userEvent.click(screen.getByRole('button', { name: 'Supprimer Boulangeries de Lyon' }));
  await userEvent.click(
    within(screen.getByRole('dialog', { name: 'Supprimer le fichier' })).getByRole('button', {
      name: 'Supprimer',
    }),
  );

  expect(deleteMock).toHaveBeenCalledWith({
    organisationId: ORGANISATION_ID,
    excelId: 'f00000000000000000000001',
  });
  expect(await screen.findByText('Boulangeries de Lyon a correctement été supprimé !')).toBeInTheDocument();
  await waitFor(() =>
    expect(screen.queryByRole('link', { name: 'Boulangeries de Lyon' })).not.toBeInTheDocument(),
  );
  expect(screen.getByRole('link', { name: 'Crèches Île-de-France' })).toBeInTheDocument();
});

function ImportModalProbe({ onOpen }: { onOpen: () => void }) {
  useAppEvent(APP_EVENTS.openImportModal, onOpen);
  return null;
}

test('"Importer un fichier Excel" asks the import modal to open', async () => {
  const onOpen = jest.fn();
  renderScreen(<ProspectFilesScreen />, { ...ROUTE, extra: <ImportModalProbe onOpen={onOpen} /> });

  await userEvent.click(screen.getByRole('button', { name: 'Ajouter un fichier' }));
  await userEvent.click(screen.getByRole('menuitem', { name: 'Importer un fichier Excel' }));

  expect(onOpen).toHaveBeenCalledTimes(1);
  expect(screen.queryByRole('menu')).not.toBeInTheDocument();
});

function ImportDoneProbe() {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      onClick={() => navigate('/dashboard/prospect/list', { state: { importedExcelId: 'x' } })}
    >
      Import terminé
    </button>
  );
}

test('it reloads when the import modal navigates to the list it is already showing', async () => {
  renderScreen(<ProspectFilesScreen />, { ...ROUTE, extra: <ImportDoneProbe /> });
  await screen.findByRole('link', { name: 'Boulangeries de Lyon' });
  const callsBefore = getFilesMock.mock.calls.length;

  getFilesMock.mockResolvedValue({ value: [fileRow({ _id: 'f3', name: 'Garages du Rhône' }), lyon] });
  await userEvent.click(screen.getByRole('button', { name: 'Import terminé' }));

  expect(await screen.findByRole('link', { name: 'Garages du Rhône' })).toBeInTheDocument();
  expect(getFilesMock.mock.calls.length).toBeGreaterThan(callsBefore);
});

describe('"Créer une liste manuellement"', () => {
  async function openManualModal() {
    renderScreen(<ProspectFilesScreen />, ROUTE);
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter un fichier' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Créer une liste manuellement' }));
    return screen.getByRole('dialog', { name: 'Créer une liste manuellement' });
  }

  test("with an empty title or access, it shows 'Veuillez remplir tous les champs'", async () => {
    const dialog = await openManualModal();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Créer la liste' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Veuillez remplir tous les champs');

    await userEvent.type(within(dialog).getByLabelText('Titre'), 'Salons 2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Créer la liste' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Veuillez remplir tous les champs');
    expect(createManualMock).not.toHaveBeenCalled();
  });

  test("when the title is shorter than 5 characters, it shows 'Le titre doit contenir au moins 5 caractères'", async () => {
    const dialog = await openManualModal();

    await userEvent.type(within(dialog).getByLabelText('Titre'), 'Abc');
    await userEvent.selectOptions(within(dialog).getByLabelText('Accès'), 'Tout le monde');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Créer la liste' }));

    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Le titre doit contenir au moins 5 caractères',
    );
    expect(createManualMock).not.toHaveBeenCalled();
  });

  test("a valid list is created ('Seulement moi' makes it private) and opened", async () => {
    createManualMock.mockResolvedValue({ excelId: 'f00000000000000000000009' });
    const dialog = await openManualModal();

    await userEvent.type(within(dialog).getByLabelText('Titre'), '  Salons 2026 ');
    await userEvent.selectOptions(within(dialog).getByLabelText('Accès'), 'Seulement moi');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Créer la liste' }));

    expect(createManualMock).toHaveBeenCalledWith({
      organisationId: ORGANISATION_ID,
      name: 'Salons 2026',
      isPrivate: true,
    });
    expect(await screen.findByTestId('location')).toHaveTextContent(
      '/dashboard/prospect/show/f00000000000000000000009',
    );
  });
});

test('a user name too long for its column, cut by an ellipsis, is shown whole on hover', async () => {
  renderScreen(<ProspectFilesScreen />, ROUTE);
  await screen.findByRole('link', { name: 'Crèches Île-de-France' });
  expect(within(rowOf('Crèches Île-de-France')).getByRole('cell', { name: 'Durand Paul' })).toHaveAttribute(
    'title',
    'Durand Paul',
  );
});
