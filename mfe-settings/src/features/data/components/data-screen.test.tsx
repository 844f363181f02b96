import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { maskOf } from '@app/domain';
import { ORGANISATION_ID, renderScreen, signIn } from '../../../test-utils/render-screen';
import { exportData } from '../api/export-data';
import { DataScreen } from './data-screen';

jest.mock('../api/export-data');
const exportMock = jest.mocked(exportData);

const ROUTE = { path: '/dashboard/prospect/settings/donnees' };

function blobBytes(blob: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

let blobs: Blob[];
let names: string[];
beforeEach(() => {
  blobs = [];
  names = [];
  exportMock.mockReset();
  Object.assign(URL, {
    createObjectURL: jest.fn((blob: Blob) => {
      blobs.push(blob);
      return `blob:${blobs.length}`;
    }),
    revokeObjectURL: jest.fn(),
  });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
});
afterEach(() => jest.restoreAllMocks());

test('the export downloads every CSV file the server returns, each with a UTF-8 BOM', async () => {
  signIn({ isOwner: true });
  exportMock.mockResolvedValue({
    files: [
      { name: 'prospects.csv', csvString: 'Raison sociale;Ville\r\nBoulangerie Élan;Lyon\r\n' },
      { name: 'opportunites', csvString: 'Titre;État\r\n' },
      { name: 'membres.csv', csvString: 'Nom;E-mail\r\n' },
    ],
  });
  renderScreen(<DataScreen />, ROUTE);
  await userEvent.click(screen.getByRole('button', { name: 'Exporter toutes les données' }));
  expect(await screen.findByText('Export terminé')).toBeInTheDocument();
  expect(exportMock).toHaveBeenCalledWith({ organisationId: ORGANISATION_ID });
  expect(names).toEqual(['prospects.csv', 'opportunites.csv', 'membres.csv']);
  const first = new Uint8Array(await blobBytes(blobs[0]!));
  expect([...first.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(new TextDecoder('utf-8').decode(first)).toBe('Raison sociale;Ville\r\nBoulangerie Élan;Lyon\r\n');
  for (const blob of blobs)
    expect([...new Uint8Array(await blobBytes(blob)).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(names);
});

test('a member with "Exporter les prospects" may export too', () => {
  signIn({ mask: maskOf(['EXPORT_PROSPECTS']), isOwner: false });
  renderScreen(<DataScreen />, ROUTE);
  expect(screen.getByRole('button', { name: 'Exporter toutes les données' })).toBeInTheDocument();
});

test('neither the owner nor holding the export bit: the button is hidden', () => {
  signIn({ mask: maskOf(['VIEW_PROSPECTS']), isOwner: false });
  renderScreen(<DataScreen />, ROUTE);
  expect(screen.queryByRole('button', { name: 'Exporter toutes les données' })).not.toBeInTheDocument();
  expect(
    screen.getByText('Votre rôle ne permet pas d’exporter les données de l’organisation.'),
  ).toBeInTheDocument();
});
