// The detail page with colleagues: "Aussi ouvert par …", and a save over a colleague's change made
// since the form opened, which asks to choose instead of overwriting (docs/decisions/edit-conflicts.md).
import { StrictMode } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { formatClock, PRESENCE_HEARTBEAT_MS, STALE_VERSION_CODE } from '@app/domain';
import { ApiError, clearApiQueries, ToastHost } from '@app/platform';
import { getStatuses } from '../../../api/get-statuses';
import {
  OPPORTUNITY_ID,
  opportunityView,
  ORGANISATION_ID,
  prospectView,
  STATUSES,
} from '../../../test-utils/fixtures';
import { signIn } from '../../../test-utils/session';
import type { OpportunityView } from '../../../types/opportunity-view';
import { announcePresence } from '../api/announce-presence';
import { getOpportunity } from '../api/get-opportunity';
import { leavePresence } from '../api/leave-presence';
import { updateContractual } from '../api/update-contractual';
import { updateProspect } from '../api/update-prospect';
import { OpportunityDetailScreen } from './opportunity-detail-screen';

jest.mock('../api/get-opportunity');
jest.mock('../api/update-contractual');
jest.mock('../api/update-prospect');
jest.mock('../api/announce-presence');
jest.mock('../api/leave-presence');
jest.mock('../../../api/get-statuses');

const SAVED_AT = new Date(2026, 10, 26, 14, 32).getTime();
const LEA = { _id: 'u2', username: 'Léa Bernard' };

const loaded = opportunityView({
  version: 3,
  informationContractuelle: JSON.stringify({
    "Type_D'investissement": 'location',
    Prestataire_Actuelle: 'Orange',
  }),
  prospectId: prospectView({ version: 2 }),
});
/** The same opportunity after Léa saved the prospect with another name and town. */
const theirs = opportunityView({
  ...loaded,
  prospectId: prospectView({
    prospect: 'Boulangerie Léa',
    ville: 'Villeurbanne',
    version: 3,
    modifiedAt: SAVED_AT,
    modifiedBy: LEA,
  }),
});

const stale = () => new ApiError('Ce prospect a été modifié par quelqu’un d’autre', 409, STALE_VERSION_CODE);

let served: OpportunityView;

async function renderDetail() {
  served = loaded;
  jest.mocked(getOpportunity).mockImplementation(async () => ({ opportunity: served }));
  render(
    <StrictMode>
      <MemoryRouter initialEntries={[`/dashboard/opportunity/${OPPORTUNITY_ID}?type=todo`]}>
        <Routes>
          <Route path="/dashboard/opportunity/:id" element={<OpportunityDetailScreen />} />
        </Routes>
        <ToastHost />
      </MemoryRouter>
    </StrictMode>,
  );
  await screen.findByRole('heading', { level: 1 });
}

/** Opens the prospect form, types another name, and saves while Léa has saved hers. */
async function saveOverLea(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Modifier le prospect' }));
  const modal = screen.getByRole('dialog', { name: 'Informations prospect' });
  const name = within(modal).getByLabelText('Prospect');
  await user.clear(name);
  await user.type(name, 'Boulangerie Moi');
  served = theirs;
  jest.mocked(updateProspect).mockRejectedValueOnce(stale());
  await user.click(within(modal).getByRole('button', { name: 'Enregistrer' }));
  return modal;
}

beforeEach(() => {
  localStorage.clear();
  clearApiQueries();
  signIn();
  jest.mocked(getStatuses).mockReset().mockResolvedValue({ status: STATUSES });
  jest.mocked(updateProspect).mockReset();
  jest.mocked(updateContractual).mockReset();
  jest.mocked(announcePresence).mockReset().mockResolvedValue({ others: [] });
  jest.mocked(leavePresence).mockReset().mockResolvedValue({ message: '' });
});

afterEach(() => {
  jest.useRealTimers();
});

test('when a colleague has the opportunity open, it says "Aussi ouvert par" their name in a polite live region', async () => {
  jest.mocked(announcePresence).mockResolvedValue({ others: [LEA, { _id: 'u3', username: 'Paul Martin' }] });
  await renderDetail();
  const line = await screen.findByText('Aussi ouvert par Léa Bernard et Paul Martin');
  expect(line).toHaveAttribute('role', 'status');
  expect(line).toHaveAttribute('aria-live', 'polite');
  expect(announcePresence).toHaveBeenCalledWith({
    organisationId: ORGANISATION_ID,
    opportunityId: OPPORTUNITY_ID,
  });
});

test('the presence is said again every heartbeat, follows who leaves, and is withdrawn when the page closes', async () => {
  jest.useFakeTimers({ advanceTimers: true });
  jest.mocked(announcePresence).mockResolvedValue({ others: [LEA] });
  served = loaded;
  jest.mocked(getOpportunity).mockImplementation(async () => ({ opportunity: served }));
  const { unmount } = render(
    <MemoryRouter initialEntries={[`/dashboard/opportunity/${OPPORTUNITY_ID}`]}>
      <Routes>
        <Route path="/dashboard/opportunity/:id" element={<OpportunityDetailScreen />} />
      </Routes>
    </MemoryRouter>,
  );
  expect(await screen.findByText('Aussi ouvert par Léa Bernard')).toBeInTheDocument();
  const calls = jest.mocked(announcePresence).mock.calls.length;
  jest.mocked(announcePresence).mockResolvedValue({ others: [] });
  await act(async () => {
    jest.advanceTimersByTime(PRESENCE_HEARTBEAT_MS);
  });
  expect(jest.mocked(announcePresence).mock.calls.length).toBe(calls + 1);
  await waitFor(() => expect(screen.queryByText(/Aussi ouvert par/)).not.toBeInTheDocument());
  unmount();
  expect(leavePresence).toHaveBeenCalledWith({
    organisationId: ORGANISATION_ID,
    opportunityId: OPPORTUNITY_ID,
  });
});

test('the forms send the version they were opened with', async () => {
  const user = userEvent.setup();
  jest.mocked(updateProspect).mockResolvedValue({ opportunity: loaded });
  await renderDetail();
  await user.click(screen.getByRole('button', { name: 'Modifier le prospect' }));
  const modal = screen.getByRole('dialog', { name: 'Informations prospect' });
  await user.click(within(modal).getByRole('button', { name: 'Enregistrer' }));
  await waitFor(() => expect(updateProspect).toHaveBeenCalled());
  expect(jest.mocked(updateProspect).mock.calls[0]![0].version).toBe(2);
});

test('when a colleague saved the prospect meanwhile, it shows both versions of the fields that differ, and nothing is saved', async () => {
  const user = userEvent.setup();
  await renderDetail();
  const modal = await saveOverLea(user);

  const choice = await within(modal).findByRole('region', { name: 'Modifié entre-temps par Léa Bernard' });
  expect(within(choice).getByRole('heading', { level: 3 })).toHaveFocus();
  const fields = within(choice).getAllByRole('listitem');
  // Name and town differ; the fields nobody changed are not listed.
  expect(fields.map((field) => within(field).getByRole('heading').textContent)).toEqual([
    'Prospect',
    'Ville',
  ]);
  const name = fields[0]!;
  expect(within(name).getByText('Votre version').nextSibling).toHaveTextContent('Boulangerie Moi');
  expect(
    within(name).getByText(`Version de Léa Bernard (modifiée à ${formatClock(new Date(SAVED_AT))})`)
      .nextSibling,
  ).toHaveTextContent('Boulangerie Léa');
  expect(updateProspect).toHaveBeenCalledTimes(1);
  expect(jest.mocked(updateProspect).mock.calls[0]![0].version).toBe(2);
});

test('"Garder ma version" saves the same values over the colleague’s version', async () => {
  const user = userEvent.setup();
  await renderDetail();
  const modal = await saveOverLea(user);
  jest.mocked(updateProspect).mockResolvedValueOnce({ opportunity: theirs });
  await user.click(await within(modal).findByRole('button', { name: 'Garder ma version' }));
  await waitFor(() => expect(updateProspect).toHaveBeenCalledTimes(2));
  const again = jest.mocked(updateProspect).mock.calls[1]![0];
  expect(again.version).toBe(3);
  expect(again.data.prospect).toBe('Boulangerie Moi');
  expect(await screen.findByRole('dialog', { name: 'Enregistré' })).toBeInTheDocument();
});

test('"Prendre la version de" the colleague shows theirs and sends nothing', async () => {
  const user = userEvent.setup();
  await renderDetail();
  const modal = await saveOverLea(user);
  await user.click(await within(modal).findByRole('button', { name: 'Prendre la version de Léa Bernard' }));
  await waitFor(() =>
    expect(screen.queryByRole('dialog', { name: 'Informations prospect' })).not.toBeInTheDocument(),
  );
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Boulangerie Léa');
  expect(updateProspect).toHaveBeenCalledTimes(1);
});

test('"Annuler" goes back to the form with what was typed', async () => {
  const user = userEvent.setup();
  await renderDetail();
  const modal = await saveOverLea(user);
  await user.click(await within(modal).findByRole('button', { name: 'Annuler' }));
  expect(within(modal).getByLabelText('Prospect')).toHaveValue('Boulangerie Moi');
  expect(updateProspect).toHaveBeenCalledTimes(1);
});

test('when the colleague changed nothing the form holds, the save goes through on their version without asking', async () => {
  const user = userEvent.setup();
  await renderDetail();
  await user.click(screen.getByRole('button', { name: 'Ajouter des informations contractuelles' }));
  const modal = screen.getByRole('dialog', { name: 'Informations contractuelles' });
  // Léa changed the state meanwhile: the opportunity's version moved, its contract did not.
  served = opportunityView({ ...loaded, state: 'WIN', version: 4, modifiedAt: SAVED_AT, modifiedBy: LEA });
  jest
    .mocked(updateContractual)
    .mockRejectedValueOnce(stale())
    .mockResolvedValueOnce({ opportunity: served });
  await user.click(within(modal).getByRole('button', { name: 'Enregistrer' }));
  await waitFor(() => expect(updateContractual).toHaveBeenCalledTimes(2));
  expect(jest.mocked(updateContractual).mock.calls.map((call) => call[0].version)).toEqual([3, 4]);
  expect(screen.queryByText(/Modifié entre-temps/)).not.toBeInTheDocument();
});

test('another failure of the save is shown as a message and keeps the form', async () => {
  const user = userEvent.setup();
  await renderDetail();
  await user.click(screen.getByRole('button', { name: 'Modifier le prospect' }));
  const modal = screen.getByRole('dialog', { name: 'Informations prospect' });
  jest
    .mocked(updateProspect)
    .mockRejectedValueOnce(new ApiError('Opportunité introuvable', 404, 'NOT_FOUND'));
  await user.click(within(modal).getByRole('button', { name: 'Enregistrer' }));
  expect(await screen.findByText('Opportunité introuvable')).toBeInTheDocument();
  expect(within(modal).getByLabelText('Prospect')).toBeInTheDocument();
});
