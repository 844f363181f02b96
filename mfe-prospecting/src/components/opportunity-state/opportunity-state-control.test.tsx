import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PERMISSION } from '@app/domain';
import { ApiError, clearApiQueries, ToastHost } from '@app/platform';
import { getStatuses } from '../../api/get-statuses';
import { postMessage } from '../../api/post-message';
import { setLoose } from '../../api/set-loose';
import { setTodo } from '../../api/set-todo';
import { setWaiting } from '../../api/set-waiting';
import { setWin } from '../../api/set-win';
import {
  messageView,
  OPPORTUNITY_ID,
  opportunityView,
  ORGANISATION_ID,
  STATUSES,
} from '../../test-utils/fixtures';
import { signIn } from '../../test-utils/session';
import type { OpportunityView } from '../../types/opportunity-view';
import { OpportunityStateControl } from './opportunity-state-control';

jest.mock('../../api/get-statuses');
jest.mock('../../api/post-message');
jest.mock('../../api/set-todo');
jest.mock('../../api/set-waiting');
jest.mock('../../api/set-win');
jest.mock('../../api/set-loose');

const NOW = new Date(2026, 2, 10, 9, 30).getTime();
const ids = { organisationId: ORGANISATION_ID, opportunityId: OPPORTUNITY_ID };

beforeEach(() => {
  jest.spyOn(Date, 'now').mockReturnValue(NOW);
  clearApiQueries();
  signIn();
  jest.mocked(getStatuses).mockReset().mockResolvedValue({ status: STATUSES });
  for (const call of [setTodo, setWaiting, setWin, setLoose]) {
    jest.mocked(call).mockReset();
  }
  jest.mocked(postMessage).mockReset();
});

afterEach(() => {
  jest.restoreAllMocks();
});

async function renderControl(opportunity: OpportunityView = opportunityView(), onCardClick = jest.fn()) {
  const onChanged = jest.fn();
  // act: the statuses arrive right after the first render.
  await act(async () => {
    render(
      <>
        {/* A clickable card around the control, as in the lists. */}
        <div onClick={onCardClick}>
          <OpportunityStateControl opportunity={opportunity} onChanged={onChanged} shortcuts />
        </div>
        <ToastHost />
      </>,
    );
  });
  return { onChanged, onCardClick };
}

const stateButton = (name: string) =>
  within(screen.getByRole('group', { name: "État de l'opportunité" })).getByRole('button', { name });

test('the four state buttons are shown with the current state pressed', async () => {
  await renderControl(opportunityView({ state: 'WAITING' }));
  const buttons = within(screen.getByRole('group', { name: "État de l'opportunité" })).getAllByRole('button');
  expect(buttons.map((button) => button.textContent)).toEqual(['A Faire', 'En Attente', 'Gagné', 'Perdu']);
  expect(stateButton('En Attente')).toHaveAttribute('aria-pressed', 'true');
  expect(stateButton('A Faire')).toHaveAttribute('aria-pressed', 'false');
});

test('En Attente opens the date picker set to now + 2 hours, with "Validé"', async () => {
  const user = userEvent.setup();
  await renderControl();
  await user.click(stateButton('En Attente'));
  const picker = await screen.findByRole('dialog', { name: 'Passer en « En Attente »' });
  expect(within(picker).getByLabelText('Date')).toHaveValue('2026-03-10T11:30');
  expect(within(picker).getByLabelText('Date')).toHaveFocus();
  expect(within(picker).getByRole('button', { name: 'Validé' })).toBeInTheDocument();
});

test('when the date is emptied, "Validé" shows "Veuillez renseigner une date" and calls nothing', async () => {
  const user = userEvent.setup();
  await renderControl();
  await user.click(stateButton('En Attente'));
  fireEvent.change(await screen.findByLabelText('Date'), { target: { value: '' } });
  await user.click(await screen.findByRole('button', { name: 'Validé' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Veuillez renseigner une date');
  expect(screen.queryByRole('dialog', { name: 'Commentaire et statut' })).not.toBeInTheDocument();
  expect(setWaiting).not.toHaveBeenCalled();
});

test('a follow-up date in the past is refused in the picker, before any comment is asked', async () => {
  const user = userEvent.setup();
  await renderControl();
  await user.click(stateButton('En Attente'));
  fireEvent.change(await screen.findByLabelText('Date'), { target: { value: '2026-03-10T09:00' } });
  await user.click(await screen.findByRole('button', { name: 'Validé' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('La date de relance doit être dans le futur');
  expect(screen.getByLabelText('Date')).toHaveAttribute('aria-invalid', 'true');
  expect(screen.queryByRole('dialog', { name: 'Commentaire et statut' })).not.toBeInTheDocument();
  expect(setWaiting).not.toHaveBeenCalled();
});

test('A Faire accepts a date in the past (it is not sent)', async () => {
  const user = userEvent.setup();
  jest.mocked(setTodo).mockResolvedValue({ opportunity: opportunityView({ state: 'TODO' }) });
  await renderControl(opportunityView({ state: 'WAITING' }));
  await user.click(stateButton('A Faire'));
  fireEvent.change(await screen.findByLabelText('Date'), { target: { value: '2026-03-01T09:00' } });
  await user.click(await screen.findByRole('button', { name: 'Validé' }));
  await waitFor(() => expect(setTodo).toHaveBeenCalledWith(ids));
});

test('going to WAITING asks for a comment and a status, then calls setWaiting with epoch ms and posts the comment', async () => {
  const user = userEvent.setup();
  const changed = opportunityView({ state: 'WAITING' });
  const posted = messageView({ text: 'Devis envoyé' });
  jest.mocked(setWaiting).mockResolvedValue({ opportunity: changed });
  jest.mocked(postMessage).mockResolvedValue({ message: posted });
  const { onChanged } = await renderControl();

  await user.click(stateButton('En Attente'));
  fireEvent.change(await screen.findByLabelText('Date'), { target: { value: '2026-03-12T14:15' } });
  await user.click(await screen.findByRole('button', { name: 'Validé' }));

  const modal = await screen.findByRole('dialog', { name: 'Commentaire et statut' });
  await user.click(within(modal).getByRole('button', { name: 'Valider' }));
  expect(within(modal).getByRole('alert')).toHaveTextContent('Veuillez remplir tous les champs');

  await user.type(within(modal).getByLabelText('Commentaire'), 'Devis envoyé');
  await user.click(within(modal).getByRole('button', { name: 'Valider' }));
  expect(within(modal).getByRole('alert')).toHaveTextContent('Veuillez choisir un statut');
  expect(setWaiting).not.toHaveBeenCalled();

  expect(within(modal).getAllByRole('radio')).toHaveLength(5);
  await user.click(within(modal).getByRole('radio', { name: 'Appel Abouti' }));
  await user.click(within(modal).getByRole('button', { name: 'Valider' }));

  await waitFor(() => expect(onChanged).toHaveBeenCalledWith(changed, posted));
  expect(setWaiting).toHaveBeenCalledWith({ ...ids, date: new Date(2026, 2, 12, 14, 15).getTime() });
  expect(postMessage).toHaveBeenCalledWith({
    ...ids,
    message: 'Devis envoyé',
    statusId: STATUSES[1]?._id,
  });
  expect(jest.mocked(setWaiting).mock.invocationCallOrder[0]).toBeLessThan(
    jest.mocked(postMessage).mock.invocationCallOrder[0] ?? 0,
  );
});

test('A Faire shows the picker but does not send its date', async () => {
  const user = userEvent.setup();
  const changed = opportunityView({ state: 'TODO' });
  jest.mocked(setTodo).mockResolvedValue({ opportunity: changed });
  const { onChanged } = await renderControl(opportunityView({ state: 'WAITING' }));
  await user.click(stateButton('A Faire'));
  expect(await screen.findByLabelText('Date')).toHaveValue('2026-03-10T09:30');
  await user.click(await screen.findByRole('button', { name: 'Validé' }));
  await waitFor(() => expect(onChanged).toHaveBeenCalledWith(changed, undefined));
  expect(setTodo).toHaveBeenCalledWith(ids);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('Gagné goes through the picker then a confirmation before setWin', async () => {
  const user = userEvent.setup();
  const changed = opportunityView({ state: 'WIN' });
  jest.mocked(setWin).mockResolvedValue({ opportunity: changed });
  const { onChanged } = await renderControl();
  await user.click(stateButton('Gagné'));
  await user.click(await screen.findByRole('button', { name: 'Validé' }));
  const confirm = await screen.findByRole('dialog', { name: 'Passer en Gagné' });
  expect(confirm).toHaveTextContent('Confirmez-vous que cette opportunité est gagnée ?');
  expect(setWin).not.toHaveBeenCalled();
  await user.click(within(confirm).getByRole('button', { name: 'Confirmer' }));
  await waitFor(() => expect(onChanged).toHaveBeenCalledWith(changed, undefined));
  expect(setWin).toHaveBeenCalledWith(ids);
});

test('Perdu asks for a confirmation; "Annuler" changes nothing', async () => {
  const user = userEvent.setup();
  const { onChanged } = await renderControl();
  await user.click(stateButton('Perdu'));
  const confirm = await screen.findByRole('dialog', { name: 'Passer en Perdu' });
  expect(confirm).toHaveTextContent('Confirmez-vous que cette opportunité est perdue ?');
  await user.click(within(confirm).getByRole('button', { name: 'Annuler' }));
  expect(setLoose).not.toHaveBeenCalled();
  expect(onChanged).not.toHaveBeenCalled();
});

test('Perdu, confirmed, calls setLoose', async () => {
  const user = userEvent.setup();
  const changed = opportunityView({ state: 'LOOSE' });
  jest.mocked(setLoose).mockResolvedValue({ opportunity: changed });
  const { onChanged } = await renderControl();
  await user.click(stateButton('Perdu'));
  await user.click(await screen.findByRole('button', { name: 'Confirmer' }));
  await waitFor(() => expect(onChanged).toHaveBeenCalledWith(changed, undefined));
  expect(setLoose).toHaveBeenCalledWith(ids);
});

test('the shortcut bubbles offer the three other states and start the same flow', async () => {
  const user = userEvent.setup();
  await renderControl(opportunityView({ state: 'TODO' }));
  const bubbles = within(screen.getByRole('group', { name: "Raccourcis d'état" })).getAllByRole('button');
  expect(bubbles.map((bubble) => bubble.getAttribute('aria-label'))).toEqual([
    'EA : Passer en En attente',
    'G : Passer en Gagné',
    'P : Passer en Perdu',
  ]);
  await user.click(screen.getByRole('button', { name: 'P : Passer en Perdu' }));
  expect(await screen.findByRole('dialog', { name: 'Passer en Perdu' })).toBeInTheDocument();
});

test('clicks inside the control and its modals do not open the card around it', async () => {
  const user = userEvent.setup();
  const { onCardClick } = await renderControl();
  await user.click(stateButton('En Attente'));
  await user.click(await screen.findByRole('button', { name: 'Validé' }));
  await user.click(await screen.findByRole('button', { name: 'Annuler' }));
  expect(onCardClick).not.toHaveBeenCalled();
});

test('Escape closes the picker and gives the focus back to its button', async () => {
  const user = userEvent.setup();
  await renderControl();
  await user.click(stateButton('Gagné'));
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(stateButton('Gagné')).toHaveFocus();
});

test('when the server refuses, the confirmation stays open and its message is shown', async () => {
  const user = userEvent.setup();
  jest.mocked(setLoose).mockRejectedValue(new ApiError('Opportunité introuvable', 404));
  const { onChanged } = await renderControl();
  await user.click(stateButton('Perdu'));
  await user.click(await screen.findByRole('button', { name: 'Confirmer' }));
  await waitFor(() => expect(setLoose).toHaveBeenCalled());
  expect(screen.getByRole('dialog', { name: 'Passer en Perdu' })).toBeInTheDocument();
  expect(onChanged).not.toHaveBeenCalled();
});

test('without "Changer l\'état" the buttons are disabled', async () => {
  signIn(PERMISSION.VIEW_PROSPECTS);
  await renderControl();
  expect(stateButton('Gagné')).toBeDisabled();
});
