import { establishmentNatureOf, registryIdentifierOf, staffBracketLabel } from './registry-enrichment';

test('a 14-digit SIRET or a 9-digit SIREN is looked up, spaces removed; anything else is not', () => {
  expect(registryIdentifierOf('412 358 749 00015')).toEqual({ kind: 'siret', value: '41235874900015' });
  expect(registryIdentifierOf('412358749')).toEqual({ kind: 'siren', value: '412358749' });
  for (const other of ['Aucun', '', '4123587490001', '41235874900015X', '12345'])
    expect(registryIdentifierOf(other)).toBeNull();
});

test('INSEE staff codes become the bracket labels; NN, a missing or unknown code give nothing', () => {
  expect(staffBracketLabel('11')).toBe('10 à 19 salariés');
  expect(staffBracketLabel('01')).toBe('1 ou 2 salariés');
  expect(staffBracketLabel('53')).toBe('10 000 salariés et plus');
  for (const code of ['NN', null, undefined, '99', 'constructor']) expect(staffBracketLabel(code)).toBeNull();
});

test('a head office is a "Siège social", any other establishment a secondary one', () => {
  expect(establishmentNatureOf(true)).toBe('Siège social');
  expect(establishmentNatureOf(false)).toBe('Établissement secondaire');
});
