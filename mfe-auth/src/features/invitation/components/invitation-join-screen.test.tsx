import { act, screen } from '@testing-library/react';
import { ApiError, useSessionStore } from '@app/platform';
import { renderScreen } from '../../../test-utils/render-screen';
import { joinInvitation } from '../api/join-invitation';
import { InvitationJoinScreen } from './invitation-join-screen';

jest.mock('../api/join-invitation');

const joinMock = jest.mocked(joinInvitation);
const ROUTE = { path: '/invitation/join/:id', at: '/invitation/join/abc123' };

beforeEach(() => {
  useSessionStore.getState().clearSession();
  joinMock.mockReset();
});

afterEach(() => {
  jest.useRealTimers();
});

test('without a session, it explains why and sends the visitor to /login, coming back here afterwards', async () => {
  renderScreen(<InvitationJoinScreen />, ROUTE);

  expect(screen.getByTestId('location')).toHaveTextContent(/^\/login\?next=\/invitation\/join\/abc123$/);
  expect(await screen.findByText(/Connectez-vous ou créez un compte pour rejoindre/)).toBeInTheDocument();
  expect(joinMock).not.toHaveBeenCalled();
});

test("with a session, it joins, shows the organisation and 'Redirection en cour...', then goes to /dashboard after 5 s", async () => {
  jest.useFakeTimers();
  useSessionStore.getState().signIn('session-token');
  joinMock.mockResolvedValue({ organisationName: 'Boulangerie Dupont' });
  renderScreen(<InvitationJoinScreen />, ROUTE);

  expect(await screen.findByText("Vous avez rejoint l'organisation Boulangerie Dupont")).toBeInTheDocument();
  expect(screen.getByText('Redirection en cour...')).toBeInTheDocument();
  expect(joinMock).toHaveBeenCalledWith({ invitationId: 'abc123' });

  act(() => jest.advanceTimersByTime(4999));
  expect(screen.queryByTestId('location')).not.toBeInTheDocument();

  act(() => jest.advanceTimersByTime(1));
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/);
});

test('the single-use invitation is sent once, even though StrictMode runs effects twice', async () => {
  useSessionStore.getState().signIn('session-token');
  joinMock.mockResolvedValue({ organisationName: 'Boulangerie Dupont' });
  renderScreen(<InvitationJoinScreen />, ROUTE);

  expect(await screen.findByText("Vous avez rejoint l'organisation Boulangerie Dupont")).toBeInTheDocument();
  expect(joinMock).toHaveBeenCalledTimes(1);
});

test('when the invitation cannot be used, it says so and offers a link to /dashboard', async () => {
  useSessionStore.getState().signIn('session-token');
  joinMock.mockRejectedValue(new ApiError('Invitation expirée', 410));
  renderScreen(<InvitationJoinScreen />, ROUTE);

  expect(await screen.findByText(/Impossible de rejoindre l'organisation/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Aller au tableau de bord' })).toHaveAttribute(
    'href',
    '/dashboard',
  );
});
