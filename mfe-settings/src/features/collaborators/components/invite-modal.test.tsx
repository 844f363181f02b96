import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastHost } from '@app/platform';
import { ORGANISATION_ID, signIn } from '../../../test-utils/render-screen';
import { createInvitation } from '../api/create-invitation';
import { InviteModal } from './invite-modal';

jest.mock('../api/create-invitation');
const createMock = jest.mocked(createInvitation);

beforeEach(() => {
  signIn();
  createMock.mockReset();
});

function renderModal() {
  const onClose = jest.fn();
  const onInvited = jest.fn();
  render(
    <>
      <InviteModal open onClose={onClose} onInvited={onInvited} />
      <ToastHost />
    </>,
  );
  return { onClose, onInvited };
}

test('it is a dialog named "Invitez un Collaborateur" that takes the focus', () => {
  renderModal();
  const dialog = screen.getByRole('dialog', { name: 'Invitez un Collaborateur' });
  expect(dialog).toHaveFocus();
});

test('an empty e-mail says "Veuillez entrer un e-mail" and sends nothing', async () => {
  renderModal();
  await userEvent.click(screen.getByRole('button', { name: 'Envoyer l’invitation' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Veuillez entrer un e-mail');
  expect(screen.getByLabelText('E-mail du collaborateur')).toHaveAttribute('aria-invalid', 'true');
  expect(createMock).not.toHaveBeenCalled();
});

test('a malformed e-mail says "Email invalide"', async () => {
  renderModal();
  await userEvent.type(screen.getByLabelText('E-mail du collaborateur'), 'paul@');
  await userEvent.click(screen.getByRole('button', { name: 'Envoyer l’invitation' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Email invalide');
  expect(createMock).not.toHaveBeenCalled();
});

test('a valid e-mail sends the invitation, shows the server message and closes', async () => {
  createMock.mockResolvedValue({ message: 'Invitation envoyée à paul@exemple.fr' });
  const { onClose, onInvited } = renderModal();
  await userEvent.type(screen.getByLabelText('E-mail du collaborateur'), 'paul@exemple.fr{Enter}');
  expect(createMock).toHaveBeenCalledWith({
    organisationId: ORGANISATION_ID,
    invitationEmail: 'paul@exemple.fr',
  });
  expect(await screen.findByText('Invitation envoyée à paul@exemple.fr')).toBeInTheDocument();
  expect(onInvited).toHaveBeenCalledTimes(1);
  expect(onClose).toHaveBeenCalledTimes(1);
});
