import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearApiQueries, ToastHost } from '@app/platform';
import { getStatuses } from '../api/get-statuses';
import { postMessage } from '../api/post-message';
import { messageView, OPPORTUNITY_ID, ORGANISATION_ID, STATUSES } from '../test-utils/fixtures';
import { signIn } from '../test-utils/session';
import { CallLink } from './call-link';
import { MailLink } from './mail-link';

jest.mock('../api/get-statuses');
jest.mock('../api/post-message');

/** The page as the user leaves it for the dialler and comes back. */
function setVisibility(state: 'hidden' | 'visible') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

// jsdom cannot follow a tel: link; a browser hands it to the dialler and stays on the page.
const stopNavigation = (event: MouseEvent) => {
  if ((event.target as Element).closest('a[href^="tel:"], a[href^="mailto:"]')) event.preventDefault();
};

beforeAll(() => document.addEventListener('click', stopNavigation));
afterAll(() => document.removeEventListener('click', stopNavigation));

beforeEach(() => {
  clearApiQueries();
  signIn();
  jest.mocked(getStatuses).mockReset().mockResolvedValue({ status: STATUSES });
  jest.mocked(postMessage).mockReset();
  setVisibility('visible');
});

function renderCallLink(onRecorded = jest.fn()) {
  render(
    <>
      <CallLink
        phone="04 72 00 00 00"
        opportunityId={OPPORTUNITY_ID}
        callee="Boulangerie Dupont"
        onRecorded={onRecorded}
      />
      <ToastHost />
    </>,
  );
  return onRecorded;
}

test('a phone number is a tel: link and an e-mail a mailto: link; "Aucun" stays text', () => {
  const { container } = render(
    <>
      <CallLink phone="04 72 00 00 00" opportunityId={OPPORTUNITY_ID} callee="Dupont" />
      <MailLink mail="contact@dupont.fr" />
      <CallLink phone="Aucun" opportunityId={OPPORTUNITY_ID} callee="Dupont" />
      <MailLink mail="" />
    </>,
  );
  expect(screen.getByRole('link', { name: '04 72 00 00 00' })).toHaveAttribute('href', 'tel:0472000000');
  expect(screen.getByRole('link', { name: 'contact@dupont.fr' })).toHaveAttribute(
    'href',
    'mailto:contact@dupont.fr',
  );
  expect(screen.getAllByRole('link')).toHaveLength(2);
  expect(container).toHaveTextContent('04 72 00 00 00contact@dupont.frAucunAucun');
});

test('back from a call, it offers to record the outcome, "Appel Abouti" chosen, and posts it with the comment', async () => {
  const user = userEvent.setup();
  const posted = messageView({ _id: 'e00000000000000000000009', text: 'Rendez-vous jeudi' });
  jest.mocked(postMessage).mockResolvedValue({ message: posted });
  const onRecorded = renderCallLink();

  await user.click(screen.getByRole('link', { name: '04 72 00 00 00' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  setVisibility('hidden');
  setVisibility('visible');

  const dialog = await screen.findByRole('dialog', { name: 'Résultat de l’appel' });
  expect(dialog).toHaveTextContent('Vous avez appelé Boulangerie Dupont (04 72 00 00 00).');
  expect(await within(dialog).findByRole('radio', { name: 'Appel Abouti' })).toBeChecked();
  await user.type(within(dialog).getByLabelText('Commentaire'), 'Rendez-vous jeudi');
  await user.click(within(dialog).getByRole('button', { name: 'Enregistrer l’appel' }));

  await waitFor(() => expect(onRecorded).toHaveBeenCalledWith(posted));
  expect(postMessage).toHaveBeenCalledWith({
    organisationId: ORGANISATION_ID,
    opportunityId: OPPORTUNITY_ID,
    statusId: STATUSES[1]?._id,
    message: 'Rendez-vous jeudi',
  });
  expect(await screen.findByText('Appel enregistré')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

test('another outcome can be chosen, and an empty comment is refused with the spec’s message', async () => {
  const user = userEvent.setup();
  jest.mocked(postMessage).mockResolvedValue({ message: messageView() });
  renderCallLink();
  await user.click(screen.getByRole('link', { name: '04 72 00 00 00' }));
  // On a desk the softphone takes the focus instead of hiding the page.
  act(() => {
    window.dispatchEvent(new Event('blur'));
    window.dispatchEvent(new Event('focus'));
  });
  const dialog = await screen.findByRole('dialog', { name: 'Résultat de l’appel' });
  await user.click(await within(dialog).findByRole('radio', { name: 'Appel non Abouti' }));
  await user.click(within(dialog).getByRole('button', { name: 'Enregistrer l’appel' }));
  expect(within(dialog).getByRole('alert')).toHaveTextContent(
    'Le commentaire doit contenir au moins 1 caractères',
  );
  expect(postMessage).not.toHaveBeenCalled();
  await user.type(within(dialog).getByLabelText('Commentaire'), 'Messagerie');
  await user.click(within(dialog).getByRole('button', { name: 'Enregistrer l’appel' }));
  await waitFor(() =>
    expect(postMessage).toHaveBeenCalledWith(
      expect.objectContaining({ statusId: STATUSES[2]?._id, message: 'Messagerie' }),
    ),
  );
});

test('nothing is offered without a call, nor when the link did not take the user away', async () => {
  const user = userEvent.setup();
  renderCallLink();
  setVisibility('hidden');
  setVisibility('visible');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

  await user.click(screen.getByRole('link', { name: '04 72 00 00 00' }));
  act(() => {
    window.dispatchEvent(new Event('focus'));
  });
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('"Annuler" closes the offer without posting, and the next call offers again', async () => {
  const user = userEvent.setup();
  renderCallLink();
  await user.click(screen.getByRole('link', { name: '04 72 00 00 00' }));
  setVisibility('hidden');
  setVisibility('visible');
  await user.click(await screen.findByRole('button', { name: 'Annuler' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  setVisibility('hidden');
  setVisibility('visible');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(postMessage).not.toHaveBeenCalled();

  await user.click(screen.getByRole('link', { name: '04 72 00 00 00' }));
  setVisibility('hidden');
  setVisibility('visible');
  expect(await screen.findByRole('dialog', { name: 'Résultat de l’appel' })).toBeInTheDocument();
});
