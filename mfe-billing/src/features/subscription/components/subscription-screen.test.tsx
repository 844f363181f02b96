import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SubscriptionScreen } from './subscription-screen';

function priceOf(plan: string) {
  return screen.getByRole('heading', { name: plan }).parentElement?.querySelector('.billing-pack__price')
    ?.textContent;
}

test('offers the Individual, Manager and Enterprise packs, each with "Choisir ce pack"', () => {
  render(<SubscriptionScreen />);
  for (const plan of ['Individual', 'Manager', 'Enterprise'])
    expect(screen.getByRole('heading', { name: plan })).toBeInTheDocument();
  expect(screen.getAllByRole('button', { name: 'Choisir ce pack' })).toHaveLength(3);
});

test("'Au mois' shows the monthly-billing prices and 'A l'année' the lower yearly-billing ones", async () => {
  render(<SubscriptionScreen />);
  expect(priceOf('Individual')).toContain('19,90 €');
  expect(priceOf('Enterprise')).toContain('36,90 €');
  await userEvent.click(screen.getByLabelText("A l'année"));
  expect(priceOf('Individual')).toContain('14,90 €');
  expect(priceOf('Manager')).toContain('19,90 €');
  expect(priceOf('Enterprise')).toContain('30,00 €');
});
