import { render, screen, within } from '@testing-library/react';
import { legsOf } from '../utils/round-legs';
import { StopList } from './stop-list';

const START = { label: 'Siège', lat: 45.76, lng: 4.83 };
const stop = (i: number, contact: { phone?: string; email?: string }) => ({
  opportunityId: String(i).padStart(24, '0'),
  name: `Société ${i}`,
  address: `${i} rue de la République 69002 Lyon`,
  lat: 45.76 + i / 100,
  lng: 4.83 + i / 100,
  ...contact,
});

test('a stop’s phone is a tel: link and its e-mail a mailto: link; a stop without them shows neither', () => {
  const stops = [stop(1, { phone: '04 72 00 00 01', email: 'accueil@societe1.fr' }), stop(2, {})];
  render(<StopList legs={legsOf(START, stops)} onMove={jest.fn()} />);
  const [first, second] = within(screen.getByRole('list', { name: 'Étapes de la tournée' })).getAllByRole(
    'listitem',
  ) as [HTMLElement, HTMLElement];
  expect(within(first).getByRole('link', { name: '04 72 00 00 01' })).toHaveAttribute(
    'href',
    'tel:0472000001',
  );
  expect(within(first).getByRole('link', { name: 'accueil@societe1.fr' })).toHaveAttribute(
    'href',
    'mailto:accueil@societe1.fr',
  );
  expect(within(second).queryByRole('link')).not.toBeInTheDocument();
});
