import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ORGANISATION_ID,
  refusedLikeTheApiClient,
  renderScreen,
  signIn,
} from '../../../test-utils/render-screen';
import { getDigestPreference } from '../api/get-digest-preference';
import { setDigestPreference } from '../api/set-digest-preference';
import { DigestPreference } from './digest-preference';

jest.mock('../api/get-digest-preference');
jest.mock('../api/set-digest-preference');
const getMock = jest.mocked(getDigestPreference);
const setMock = jest.mocked(setDigestPreference);

const ROUTE = { path: '/dashboard/prospect/settings/compte' };
const toggle = () => screen.findByRole('switch', { name: 'Recevoir l’e-mail du matin' });

beforeEach(() => {
  signIn();
  getMock.mockReset().mockResolvedValue({ enabled: true, hour: 8 });
  setMock.mockReset();
});

test('it shows the choice of the current organisation, with the hour and what the e-mail holds', async () => {
  renderScreen(<DigestPreference />, ROUTE);
  expect(screen.getByRole('heading', { name: 'E-mail du matin', level: 2 })).toBeInTheDocument();
  expect(await toggle()).toBeChecked();
  expect(getMock).toHaveBeenCalledWith({ organisationId: ORGANISATION_ID });
  expect(screen.getByText(/Chaque matin à 8 h, vos relances du jour/)).toHaveTextContent(
    'dans « Société Exemple »',
  );
});

test('turning it off saves the choice and says so; turning it on again saves that', async () => {
  setMock.mockResolvedValueOnce({
    enabled: false,
    hour: 8,
    message: 'Vous ne recevrez plus l’e-mail du matin',
  });
  renderScreen(<DigestPreference />, ROUTE);
  await userEvent.click(await toggle());
  expect(setMock).toHaveBeenCalledWith({ organisationId: ORGANISATION_ID, enabled: false });
  expect(await screen.findByText('Vous ne recevrez plus l’e-mail du matin')).toBeInTheDocument();
  await waitFor(async () => expect(await toggle()).not.toBeChecked());

  setMock.mockResolvedValueOnce({ enabled: true, hour: 8, message: 'Vous recevrez l’e-mail du matin' });
  await userEvent.click(await toggle());
  expect(setMock).toHaveBeenLastCalledWith({ organisationId: ORGANISATION_ID, enabled: true });
  await waitFor(async () => expect(await toggle()).toBeChecked());
});

test('a refused change leaves the switch as it was, with the server’s message', async () => {
  setMock.mockImplementation(() =>
    refusedLikeTheApiClient('Vous ne faites pas partie de cette organisation'),
  );
  renderScreen(<DigestPreference />, ROUTE);
  await userEvent.click(await toggle());
  expect(await screen.findByText('Vous ne faites pas partie de cette organisation')).toBeInTheDocument();
  expect(await toggle()).toBeChecked();
  expect(await toggle()).toBeEnabled();
});
