import { messageView } from '../../../test-utils/fixtures';
import { contractualEntries } from '../../../utils/contractual-entries';
import { groupMessagesByMonth } from './group-messages';
import { mailHref, phoneHref } from '../../../utils/contact-hrefs';
import { companyRegistryHref, mapHref, professionalNetworkHref } from './tool-links';

const NOW = new Date(2026, 2, 15, 10).getTime(); // 15 March 2026

test('messages are grouped into "Plus ancien", "Le mois dernier" and "Ce mois-ci", in that order', () => {
  const groups = groupMessagesByMonth(
    [
      messageView({ _id: 'jan', date: new Date(2026, 0, 31, 23).getTime() }),
      messageView({ _id: 'feb1', date: new Date(2026, 1, 1, 0, 5).getTime() }),
      messageView({ _id: 'feb28', date: new Date(2026, 1, 28, 23, 59).getTime() }),
      messageView({ _id: 'mar', date: new Date(2026, 2, 1, 0, 0).getTime() }),
    ],
    NOW,
  );
  expect(groups.map((group) => [group.label, group.messages.map((message) => message._id)])).toEqual([
    ['Plus ancien', ['jan']],
    ['Le mois dernier', ['feb1', 'feb28']],
    ['Ce mois-ci', ['mar']],
  ]);
});

test('in January, December of the previous year is "Le mois dernier"', () => {
  const groups = groupMessagesByMonth(
    [messageView({ date: new Date(2025, 11, 20).getTime() })],
    new Date(2026, 0, 3).getTime(),
  );
  expect(groups.map((group) => group.label)).toEqual(['Le mois dernier']);
});

test('empty groups are left out', () => {
  expect(groupMessagesByMonth([], NOW)).toEqual([]);
});

test('every contractual key is listed with underscores as spaces; the four standard ones always, null when missing', () => {
  const entries = contractualEntries(
    JSON.stringify({
      "Type_D'investissement": 'achat',
      Date_previsionelle_fin_de_contrat: '2027-06-30',
      Nombre_de_copieurs: '3',
    }),
  );
  expect(entries.map((entry) => [entry.label, entry.value])).toEqual([
    ["Type D'investissement", 'achat'],
    ['Date previsionelle fin de contrat', '30/06/2027'],
    ['Prestation Actuelle', null],
    ['Prestataire Actuelle', null],
    ['Nombre de copieurs', '3'],
  ]);
});

test('unreadable contractual text shows the four placeholders', () => {
  expect(contractualEntries('pas du JSON').map((entry) => entry.value)).toEqual([null, null, null, null]);
});

test('links built from user data are encoded', () => {
  expect(phoneHref('04 72 00 00 00')).toBe('tel:0472000000');
  expect(phoneHref('+33 4 72')).toBe('tel:%2B33472');
  expect(mailHref('jean&co?x=1@dupont.fr')).toBe('mailto:jean%26co%3Fx%3D1@dupont.fr');
  expect(professionalNetworkHref('Dupont & Fils <script>')).toBe(
    'https://www.linkedin.com/search/results/companies/?keywords=Dupont%20%26%20Fils%20%3Cscript%3E',
  );
  expect(companyRegistryHref('732 829 320 00074')).toBe(
    'https://annuaire-entreprises.data.gouv.fr/rechercher?terme=73282932000074',
  );
  expect(mapHref('45.76/4.83')).toBe('https://www.google.com/maps/search/?api=1&query=45.76%2C4.83');
});

test('missing values give no link', () => {
  expect(phoneHref('Aucun')).toBeNull();
  expect(mailHref('Aucun')).toBeNull();
  expect(mailHref('')).toBeNull();
  expect(mailHref('pas-une-adresse')).toBeNull();
  expect(companyRegistryHref('Aucun')).toBeNull();
  expect(mapHref(undefined)).toBeNull();
  expect(mapHref('javascript:alert(1)/2')).toBeNull();
});
