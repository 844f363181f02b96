import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { OpportunityView } from '@app/domain';
import { messageView, opportunityView } from '../../../test-utils/list-fixtures';
import { OpportunityCard } from './opportunity-card';

function renderCard(opportunity: OpportunityView) {
  render(
    <MemoryRouter>
      <OpportunityCard opportunity={opportunity} listType="todo" />
    </MemoryRouter>,
  );
  return screen.getByRole('article');
}

test.each([
  [{ state: 'WAITING', howMuchTime: '2 jours', timeFilter: 1 }, '2 jours restants'],
  [{ state: 'WAITING', howMuchTime: '1 heure', timeFilter: 1 }, '1 heure restante'],
  [{ state: 'WAITING', howMuchTime: '2 heures', timeFilter: 1 }, '2 heures restantes'],
  [{ state: 'WAITING', howMuchTime: '1 minute', timeFilter: 1 }, '1 minute restante'],
  [{ state: 'WAITING', howMuchTime: '5 minutes', timeFilter: 1 }, '5 minutes restantes'],
  [{ state: 'WAITING', howMuchTime: '', timeFilter: 1 }, 'Date non disponible restants'],
  [{ state: 'TODO', howMuchTime: '0 jour', timeFilter: 0 }, "Aujourd'hui"],
  [{ state: 'TODO', howMuchTime: '3 jours', timeFilter: 3 }, '3 jours en retard'],
  [{ state: 'TODO', howMuchTime: '', timeFilter: 2 }, '0 jour en retard'],
] as const)('the badge of %o reads "%s"', (timing, text) => {
  const card = renderCard(opportunityView(1, timing));
  expect(within(card).getByText(text)).toHaveClass('opportunity-badge');
});

test('a long prospect name is cut to 5 characters and "..", its full name kept for the link', () => {
  const card = renderCard(opportunityView(1, {}, { prospect: 'Boulangerie Martin' }));
  const link = within(card).getByRole('link', { name: 'Boulangerie Martin' });
  // What is seen; the full name is read out instead.
  expect(within(link).getByText(/^Boula\.\.$/)).toHaveAttribute('aria-hidden', 'true');
  expect(link).toHaveAttribute('href', `/dashboard/opportunity/${opportunityView(1)._id}?type=todo`);
});

test('without messages it says "Aucun message"; otherwise it shows the last three', () => {
  renderCard(opportunityView(1));
  expect(screen.getByText('Aucun message')).toBeInTheDocument();
  cleanup();
  const card = renderCard(opportunityView(2, { message: [1, 2, 3, 4].map((index) => messageView(index)) }));
  const messages = within(card).getByRole('region', { name: 'Derniers messages' });
  expect(within(messages).getAllByRole('listitem')).toHaveLength(3);
  expect(messages).toHaveTextContent('Appel Abouti');
  expect(messages).toHaveTextContent('05/01/2026 · @Martin Claire');
  expect(messages).not.toHaveTextContent('Message 4');
});

test('the prospect facts read "Aucun" when empty, then the custom fields and the contacts', () => {
  const card = renderCard(
    opportunityView(
      1,
      {},
      {
        site: 'Aucun',
        eMail: '',
        value: JSON.stringify({ Nombre_de_sites: '3', contact: [{ name: 'ancien' }] }),
        contacts: [
          {
            civilite: 'Mme.',
            surname: 'Durand',
            name: 'Léa',
            fonction: 'Gérante',
            phone: '0600000000',
            mail: 'Aucun',
          },
          {
            civilite: 'Mr.',
            surname: 'Petit',
            name: 'Paul',
            fonction: 'Aucun',
            phone: 'Aucun',
            mail: 'p@x.fr',
          },
        ],
      },
    ),
  );
  const facts = Object.fromEntries(
    Array.from(card.querySelectorAll('dl div')).map((item) => [
      item.querySelector('dt')?.textContent,
      item.querySelector('dd')?.textContent,
    ]),
  );
  expect(Object.keys(facts)).toEqual([
    'Enseigne',
    'Code Postal',
    'Adresse Complete',
    'Site',
    'Téléphone',
    'Email',
    'Siret',
    'Libele activité',
    'Tranche Salarié',
    "Type d'établissement",
    'Nombre de sites',
  ]);
  expect(facts.Site).toBe('Aucun');
  expect(facts.Email).toBe('Aucun');
  expect(facts['Nombre de sites']).toBe('3');
  const contacts = within(card).getAllByRole('listitem');
  expect(contacts.map((item) => item.textContent)).toEqual([
    'Contact #1 Mme. Durand Léa · Gérante · 0600000000',
    'Contact #2 Mr. Petit Paul · p@x.fr',
  ]);
});
