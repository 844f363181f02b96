import '../test-utils/blob-array-buffer';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { ApiError, APP_EVENTS, emitAppEvent, useSessionStore } from '@app/platform';
import { getEnrichment } from '../api/get-enrichment';
import { loadProspects } from '../api/load-prospects';
import { ImportModalHost } from './import-modal-host';

jest.mock('../api/load-prospects');
jest.mock('../api/start-import');
jest.mock('../api/send-import-rows');
jest.mock('../api/finish-import');
jest.mock('../api/abort-import');
jest.mock('../api/get-enrichment');

const loadMock = jest.mocked(loadProspects);

function LocationProbe() {
  const location = useLocation();
  const state = location.state as { importedExcelId?: string } | null;
  return (
    <p data-testid="location">
      {location.pathname} {state?.importedExcelId ?? ''}
    </p>
  );
}

// "Raison sociale;CP;Tél\r\nSociété Œuvre;01000;612345678\r\n…" in Windows-1252, as Excel saves it.
const encode1252 = (text: string) =>
  Uint8Array.from(
    [...text].map((char) => ({ é: 0xe9, Œ: 0x8c, '€': 0x80, '’': 0x92 })[char] ?? char.charCodeAt(0)),
  );

const FRENCH_FILE = encode1252(
  [
    'Raison sociale;CP;Tél;Ville',
    'Société Œuvre;01000;612345678;Bourg-en-Bresse',
    '',
    'L’Atelier €;75001;0140000000;Paris',
    ';75002;;Paris',
  ].join('\r\n'),
);

function renderHost() {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/dashboard/prospect/list']}>
      <ImportModalHost />
      <LocationProbe />
    </MemoryRouter>,
  );
  act(() => emitAppEvent(APP_EVENTS.openImportModal));
  return user;
}

async function chooseFile(
  user: ReturnType<typeof userEvent.setup>,
  bytes: Uint8Array<ArrayBuffer>,
  name = 'liste.csv',
) {
  await user.upload(screen.getByLabelText('Fichier (.csv ou .xlsx)'), new File([bytes], name));
}

async function goToTitle(user: ReturnType<typeof userEvent.setup>) {
  await chooseFile(user, FRENCH_FILE);
  await screen.findByText('3 lignes, 4 colonnes');
  await user.click(screen.getByRole('button', { name: 'Suivant' }));
}

async function goToMapping(user: ReturnType<typeof userEvent.setup>) {
  await goToTitle(user);
  await user.type(screen.getByLabelText('Titre'), 'Salon 2026');
  await user.click(screen.getByLabelText('Seulement moi'));
  await user.click(screen.getByRole('button', { name: 'Suivant' }));
}

beforeEach(() => {
  useSessionStore.setState({ currentOrganisationId: 'org-1' });
  loadMock.mockReset();
  jest.mocked(getEnrichment).mockClear();
});

test('the modal opens on the app event, at step 1', () => {
  renderHost();
  const dialog = screen.getByRole('dialog', { name: 'Importer un fichier' });
  expect(within(dialog).getByText('1. Fichier')).toHaveAttribute('aria-current', 'step');
  expect(screen.getByRole('button', { name: 'Suivant' })).toBeDisabled();
});

test('step 1: a Windows-1252 ";" file is detected, shown with its accents, and correctable', async () => {
  const user = renderHost();
  await chooseFile(user, FRENCH_FILE);

  expect(await screen.findByText('3 lignes, 4 colonnes')).toBeInTheDocument();
  expect(screen.getByLabelText('Encodage')).toHaveValue('windows-1252');
  expect(screen.getByLabelText('Séparateur')).toHaveValue(';');
  expect(screen.getByText('Société Œuvre')).toBeInTheDocument();
  expect(screen.getByText('L’Atelier €')).toBeInTheDocument();
  expect(screen.getByText('01000')).toBeInTheDocument();

  await user.selectOptions(screen.getByLabelText('Encodage'), 'utf-8');
  expect(await screen.findByText('Soci\uFFFDt\uFFFD \uFFFDuvre')).toBeInTheDocument();
});

test('step 1: an empty file says "Fichier vide"', async () => {
  const user = renderHost();
  await chooseFile(user, new TextEncoder().encode('\r\n\r\n'));
  expect(await screen.findByRole('alert')).toHaveTextContent('Fichier vide');
  expect(screen.getByRole('button', { name: 'Suivant' })).toBeDisabled();
});

test('step 2: an empty title or access says "Veuillez remplir tous les champs"', async () => {
  const user = renderHost();
  await goToTitle(user);

  await user.type(screen.getByLabelText('Titre'), 'Salon 2026');
  await user.click(screen.getByRole('button', { name: 'Suivant' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Veuillez remplir tous les champs');
});

test('step 2: a title shorter than 5 characters says "Le titre doit contenir au moins 5 caractères"', async () => {
  const user = renderHost();
  await goToTitle(user);

  await user.type(screen.getByLabelText('Titre'), 'Lyon');
  await user.click(screen.getByLabelText('Tout le monde'));
  await user.click(screen.getByRole('button', { name: 'Suivant' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Le titre doit contenir au moins 5 caractères');
});

test('step 3: columns are pre-selected from the headers and the preview shows rows as stored', async () => {
  const user = renderHost();
  await goToMapping(user);

  expect(screen.getByLabelText('Raison sociale')).toHaveValue('Raison sociale');
  expect(screen.getByLabelText('Code postal')).toHaveValue('CP');
  expect(screen.getByLabelText('Téléphone')).toHaveValue('Tél');
  expect(screen.getByLabelText('Enseigne')).toHaveValue('Aucun');

  const preview = screen.getByRole('table', { name: /Aperçu/ });
  const phoneRow = within(preview).getByRole('row', { name: /Téléphone/ });
  expect(phoneRow).toHaveTextContent('0612345678');
  expect(within(preview).getByRole('row', { name: /Département/ })).toHaveTextContent('01');
  expect(within(preview).getByRole('row', { name: /Enseigne/ })).toHaveTextContent('AucunAucun');
  expect(await screen.findByText(/1 ligne\(s\) seront rejetées/)).toBeInTheDocument();
});

test('importing sends the mapping and options, shows the summary, goes to the files list and offers the rejected rows', async () => {
  loadMock.mockResolvedValue({
    excelId: 'file-1',
    summary: {
      imported: 2,
      duplicates: 0,
      duplicatesSkipped: 0,
      siretFlagged: 0,
      rejected: [{ index: 2, reason: 'Ligne sans raison sociale ni enseigne' }],
      rejectedCount: 1,
    },
  });
  const created: Blob[] = [];
  URL.createObjectURL = jest.fn((blob: Blob) => {
    created.push(blob);
    return 'blob:rejetees';
  });
  URL.revokeObjectURL = jest.fn();
  const user = renderHost();
  await goToMapping(user);

  await user.click(screen.getByLabelText('Supprimer la ligne si vide : Ville'));
  await user.click(screen.getByRole('button', { name: 'Importer' }));

  expect(await screen.findByText('Import terminé')).toBeInTheDocument();
  expect(loadMock).toHaveBeenCalledWith(
    expect.objectContaining({
      organisationId: 'org-1',
      name: 'Salon 2026',
      isPrivate: true,
      duplicates: 'skip',
      options: { keepTitle: true, removeRowsWithout: ['ville'] },
      value: expect.objectContaining({ prospect: 'Raison sociale', codePostale: 'CP', enseigne: 'Aucun' }),
    }),
  );
  expect(loadMock.mock.calls[0]?.[0].exel[0]).toEqual({
    'Raison sociale': 'Société Œuvre',
    CP: '01000',
    Tél: '612345678',
    Ville: 'Bourg-en-Bresse',
  });
  // The files list is reached once the import's answer is in (a render after the summary).
  await waitFor(() =>
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/prospect/list file-1'),
  );
  expect(screen.getByText('Ligne sans raison sociale ni enseigne : 1')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Télécharger les lignes rejetées' }));
  await waitFor(() => expect(created).toHaveLength(1));
  const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await created[0]!.arrayBuffer());
  expect(csv).toBe(
    '\uFEFFRaison sociale;CP;Tél;Ville;Motif\r\n;75002;;Paris;Ligne sans raison sociale ni enseigne\r\n',
  );
});

test('an import whose rows are all duplicates says that no file was created, and stays on the list', async () => {
  loadMock.mockResolvedValue({
    excelId: null,
    summary: {
      imported: 0,
      duplicates: 2,
      duplicatesSkipped: 2,
      siretFlagged: 1,
      rejected: [],
      rejectedCount: 0,
    },
  });
  const user = renderHost();
  await goToMapping(user);
  await user.click(screen.getByLabelText('Supprimer la ligne si vide : Ville'));
  await user.click(screen.getByRole('button', { name: 'Importer' }));

  expect(await screen.findByRole('status')).toHaveTextContent(
    'Aucun fichier créé : toutes les lignes sont des doublons de prospects existants.',
  );
  expect(screen.queryByText('Import terminé')).not.toBeInTheDocument();
  expect(screen.getByText('Doublons').nextElementSibling).toHaveTextContent('2 (2 ignorés)');
  expect(screen.getByText('SIRET à vérifier').nextElementSibling).toHaveTextContent('1');
  // No file to open, nor to enrich.
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard\/prospect\/list$/);
  expect(getEnrichment).not.toHaveBeenCalled();
});

test('a failed import says so in the modal and stores nothing', async () => {
  loadMock.mockRejectedValue(new ApiError('Le champ cellule ne doit pas dépasser 2000 caractères', 400));
  const user = renderHost();
  await goToMapping(user);
  await user.click(screen.getByRole('button', { name: 'Importer' }));

  expect(await screen.findByRole('alert')).toHaveTextContent(
    "L'import a échoué : aucune ligne n'a été enregistrée. (Le champ cellule ne doit pas dépasser 2000 caractères)",
  );
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard\/prospect\/list$/);
});
