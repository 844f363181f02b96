import { render, screen, within } from '@testing-library/react';
import { CardList, CardListItem } from './card-list';

test('a card list is a named list whose cards label each field as the table header did', () => {
  render(
    <CardList label="Membres de l’organisation">
      <CardListItem
        title="Martin Claire"
        fields={[
          { label: 'E-mail', value: 'claire@exemple.fr' },
          { label: 'Licence', value: 'Sans licence' },
        ]}
        actions={<button type="button">Supprimer</button>}
      />
    </CardList>,
  );
  const list = screen.getByRole('list', { name: 'Membres de l’organisation' });
  const card = within(list).getByRole('listitem');
  expect(card).toHaveTextContent('Martin Claire');
  const terms = within(card)
    .getAllByRole('term')
    .map((term) => term.textContent);
  const values = within(card)
    .getAllByRole('definition')
    .map((value) => value.textContent);
  expect(terms).toEqual(['E-mail', 'Licence']);
  expect(values).toEqual(['claire@exemple.fr', 'Sans licence']);
  expect(within(card).getByRole('button', { name: 'Supprimer' })).toBeInTheDocument();
});
