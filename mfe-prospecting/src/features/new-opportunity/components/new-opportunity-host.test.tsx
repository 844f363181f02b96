import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { APP_EVENTS, CONFIRMATION_MS, emitAppEvent } from '@app/platform';
import { ORGANISATION_ID } from '../../../test-utils/fixtures';
import { signIn } from '../../../test-utils/session';
import { addOpportunity } from '../api/add-opportunity';
import { NewOpportunityHost } from './new-opportunity-host';

jest.mock('../api/add-opportunity');

function LocationProbe() {
  const { pathname } = useLocation();
  return <p data-testid="location">{pathname}</p>;
}

beforeEach(() => {
  signIn();
  jest.mocked(addOpportunity).mockReset().mockResolvedValue({ opportunityId: 'b00000000000000000000009' });
});

function renderHost() {
  render(
    <MemoryRouter initialEntries={['/dashboard/opportunity/list/todo']}>
      <NewOpportunityHost />
      <LocationProbe />
    </MemoryRouter>,
  );
  act(() => emitAppEvent(APP_EVENTS.openNewOpportunityModal));
  return screen.getByRole('dialog', { name: 'Nouvelle opportunité' });
}

const submit = (modal: HTMLElement) => within(modal).getByRole('button', { name: "Créer l'opportunité" });

test('it opens from the Campaign menu event with every field, the two statuses and the assignee fixed', () => {
  const modal = renderHost();
  for (const label of [
    'Raison sociale',
    'Enseigne',
    'Adresse',
    'Code postal',
    'Ville',
    'Téléphone',
    'E-mail',
    'SIRET',
    'Libellé activité',
    'Métier',
    'Tranche salariés',
    'Nature',
    'Statut',
    'Date de status',
  ]) {
    expect(within(modal).getByLabelText(label)).toBeInTheDocument();
  }
  const statuses = within(within(modal).getByLabelText('Statut')).getAllByRole('option');
  expect(statuses.map((option) => [option.getAttribute('value'), option.textContent])).toEqual([
    ['TODO', 'En attente'],
    ['WIN', 'Gagné'],
  ]);
  const natures = within(within(modal).getByLabelText('Nature')).getAllByRole('option');
  expect(natures[0]).toHaveTextContent('Siège social');
  expect(modal).toHaveTextContent('Assignée à : @Martin Claire');
});

test('every message of the spec, in order, then a 2 s confirmation before /api/opportunity/addone and the new page', async () => {
  const user = userEvent.setup();
  const modal = renderHost();
  const alert = () => within(modal).getByRole('alert');

  await user.click(submit(modal));
  expect(alert()).toHaveTextContent("Veuillez renseigner le raison social de l'opportunité");
  await user.type(within(modal).getByLabelText('Raison sociale'), 'Abcd');
  await user.click(submit(modal));
  expect(alert()).toHaveTextContent('Le titre doit contenir au moins 5 caractères');
  await user.type(within(modal).getByLabelText('Raison sociale'), 'e SARL');
  await user.type(within(modal).getByLabelText('Adresse'), '3 place Bellecour');
  await user.click(submit(modal));
  expect(alert()).toHaveTextContent("Veuillez renseigner l'adresse complète");
  await user.type(within(modal).getByLabelText('Code postal'), '69002');
  await user.type(within(modal).getByLabelText('Ville'), 'Lyon');
  await user.click(submit(modal));
  expect(alert()).toHaveTextContent('Veuillez renseigner le téléphone');
  await user.type(within(modal).getByLabelText('Téléphone'), '0478000000');
  await user.click(submit(modal));
  expect(alert()).toHaveTextContent('Veuillez renseigner la date de status');
  expect(addOpportunity).not.toHaveBeenCalled();

  await user.selectOptions(within(modal).getByLabelText('Statut'), 'WIN');
  fireEvent.change(within(modal).getByLabelText('Date de status'), { target: { value: '2026-03-10T10:00' } });
  await user.click(within(modal).getByRole('button', { name: 'Ajouter un contact' }));
  await user.click(within(modal).getByRole('button', { name: 'Ajouter un contact' }));
  await user.selectOptions(within(modal).getAllByLabelText('Civilité')[1]!, 'Mme.');
  await user.type(within(modal).getAllByLabelText('Nom')[1]!, 'Durand');

  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  try {
    await act(async () => submit(modal).click());
    expect(screen.getByRole('status')).toHaveTextContent("L'opportunité « Abcde SARL » va être créée.");
    act(() => jest.advanceTimersByTime(CONFIRMATION_MS - 10));
    expect(addOpportunity).not.toHaveBeenCalled();
    await act(async () => jest.advanceTimersByTime(10));
  } finally {
    jest.useRealTimers();
  }
  expect(addOpportunity).toHaveBeenCalledWith({
    organisationId: ORGANISATION_ID,
    data: expect.objectContaining({
      title: 'Abcde SARL',
      adresse: '3 place Bellecour',
      codePostale: '69002',
      ville: 'Lyon',
      telephone: '0478000000',
      state: 'Siège social',
      state2: 'WIN',
      dateStatus: new Date(2026, 2, 10, 10, 0).getTime(),
      // The contact left empty is not sent (contactsSchema keeps the ones with something in them).
      contacts: [{ civilite: 'Mme.', surname: 'Durand', name: '', fonction: '', phone: '', mail: '' }],
    }),
  });
  expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/opportunity/b00000000000000000000009');
});
