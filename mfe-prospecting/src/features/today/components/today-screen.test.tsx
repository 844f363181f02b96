import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { AgendaItem } from '@app/domain';
import { clearApiQueries, ToastHost } from '@app/platform';
import { getStatuses } from '../../../api/get-statuses';
import { postMessage } from '../../../api/post-message';
import { setWin } from '../../../api/set-win';
import { opportunityView, ORGANISATION_ID, STATUSES } from '../../../test-utils/fixtures';
import { signIn } from '../../../test-utils/session';
import { getTodayAgenda } from '../api/get-today-agenda';
import { TodayScreen } from './today-screen';

jest.mock('../api/get-today-agenda');
jest.mock('../../../api/get-statuses');
jest.mock('../../../api/set-win');
jest.mock('../../../api/post-message');

const agenda = jest.mocked(getTodayAgenda);

function item(id: string, name: string, overdueDays: number): AgendaItem {
  return {
    _id: id,
    state: 'WAITING',
    waitingDate: Date.UTC(2026, 10, 26 - overdueDays, 9, 0),
    overdueDays,
    prospect: {
      _id: `p${id}`,
      prospect: name,
      enseigne: '',
      telephone: '0102030405',
      ville: 'Lyon',
      codePostale: '69001',
    },
  };
}

const OLDEST = item('a'.repeat(24), 'Boulangerie Martin', 3);
const TODAY = item('b'.repeat(24), 'Garage Central', 0);

function renderScreen() {
  return render(
    <MemoryRouter>
      <TodayScreen />
      <ToastHost />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  clearApiQueries();
  jest.resetAllMocks();
  signIn();
  jest.mocked(getStatuses).mockResolvedValue({ status: STATUSES });
});

test('lists the follow-ups as the server orders them (oldest first), with how late each is, under its title', async () => {
  agenda.mockResolvedValue({ items: [OLDEST, TODAY], total: 2 });
  renderScreen();
  const cards = await screen.findAllByRole('listitem');
  expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual([
    'Boulangerie Martin',
    'Garage Central',
  ]);
  expect(cards[0]).toHaveTextContent('3 jours en retard');
  expect(cards[1]).toHaveTextContent("Aujourd'hui");
  expect(within(cards[0] as HTMLElement).getByRole('link', { name: 'Boulangerie Martin' })).toHaveAttribute(
    'href',
    `/dashboard/opportunity/${OLDEST._id}?type=todo`,
  );
  expect(screen.getByText('2 relances à faire, les plus anciennes d’abord.')).toBeInTheDocument();
  expect(document.title).toBe("Aujourd'hui — Prospection");
  expect(agenda).toHaveBeenCalledWith({ organisationId: ORGANISATION_ID });
});

test('a change of state through the spec’s buttons takes the follow-up off the list', async () => {
  const user = userEvent.setup();
  agenda.mockResolvedValue({ items: [OLDEST, TODAY], total: 2 });
  jest.mocked(setWin).mockResolvedValue({ opportunity: opportunityView({ _id: OLDEST._id, state: 'WIN' }) });
  renderScreen();
  const card = await screen.findByRole('listitem', { name: 'Boulangerie Martin' });
  agenda.mockResolvedValue({ items: [TODAY], total: 1 });
  const buttons = within(card).getByRole('group', { name: "État de l'opportunité" });
  await user.click(within(buttons).getByRole('button', { name: 'Gagné' }));
  await user.click(await screen.findByRole('button', { name: 'Validé' }));
  await user.click(
    within(await screen.findByRole('dialog', { name: 'Passer en Gagné' })).getByRole('button', {
      name: 'Confirmer',
    }),
  );
  expect(setWin).toHaveBeenCalledWith({ organisationId: ORGANISATION_ID, opportunityId: OLDEST._id });
  await waitFor(() =>
    expect(screen.queryByRole('listitem', { name: 'Boulangerie Martin' })).not.toBeInTheDocument(),
  );
  expect(screen.getByRole('listitem', { name: 'Garage Central' })).toBeInTheDocument();
});

test('comments a follow-up with a status, refusing an empty one in French', async () => {
  const user = userEvent.setup();
  agenda.mockResolvedValue({ items: [TODAY], total: 1 });
  jest.mocked(postMessage).mockResolvedValue({ message: undefined } as never);
  renderScreen();
  const card = await screen.findByRole('listitem', { name: 'Garage Central' });
  const form = within(card).getByRole('form', { name: 'Commenter' });
  await user.click(await within(form).findByRole('radio', { name: 'Appel Abouti' }));
  await user.click(within(form).getByRole('button', { name: 'Envoyer' }));
  expect(within(form).getByRole('alert')).toHaveTextContent(
    'Le commentaire doit contenir au moins 1 caractères',
  );
  await user.type(within(form).getByPlaceholderText('Commentaire :'), 'Rappeler lundi');
  await user.click(within(form).getByRole('button', { name: 'Envoyer' }));
  await waitFor(() =>
    expect(postMessage).toHaveBeenCalledWith({
      organisationId: ORGANISATION_ID,
      opportunityId: TODAY._id,
      message: 'Rappeler lundi',
      statusId: STATUSES.find((status) => status.name === 'Appel Abouti')?._id,
    }),
  );
});

test('says so when nothing is due', async () => {
  agenda.mockResolvedValue({ items: [], total: 0 });
  renderScreen();
  expect(await screen.findByText('Aucune relance à faire aujourd’hui.')).toBeInTheDocument();
});
