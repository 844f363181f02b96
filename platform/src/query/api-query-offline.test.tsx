import '../offline/fake-device';
import { render, screen, waitFor } from '@testing-library/react';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../api/api-error';
import { clearDeviceData } from '../offline/offline-queue';
import { useSessionStore } from '../session/session-store';
import { clearApiQueries, useApiQuery } from './api-query';

type Input = { organisationId: string; id: string };
type Reply = { name: string };

let online = true;
Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });

function Probe({ call, offline = true }: { call: (input: Input) => Promise<Reply>; offline?: boolean }) {
  const query = useApiQuery(call, { organisationId: 'o1', id: 'a' }, { key: 'thing/get', offline });
  return (
    <p data-testid="probe">
      {query.data?.name ?? ''}
      {query.error instanceof ApiError ? `erreur : ${query.error.message}` : ''}
    </p>
  );
}

beforeEach(async () => {
  online = true;
  clearApiQueries();
  await clearDeviceData();
  useSessionStore.setState({ token: 'jeton', currentOrganisationId: 'o1' });
});

/** Opens the screen once online, so the answer is kept on the device; then closes it. */
async function openOnceOnline() {
  const view = render(<Probe call={jest.fn().mockResolvedValue({ name: 'Boulangerie Dupont' })} />);
  await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('Boulangerie Dupont'));
  // The copy is written after the answer is shown: wait until the device has it.
  await waitFor(async () => {
    const { readReply } = await import('../offline/device-store');
    expect(await readReply('thing/get|o1|{"organisationId":"o1","id":"a"}')).toBeDefined();
  });
  view.unmount();
  clearApiQueries();
}

test('with no network, a screen opened once online shows the answer kept on the device without asking', async () => {
  await openOnceOnline();
  online = false;
  const call = jest.fn().mockRejectedValue(new ApiError(NETWORK_ERROR_MESSAGE, null));
  render(<Probe call={call} />);
  await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('Boulangerie Dupont'));
  expect(call).not.toHaveBeenCalled();
});

test('when the server cannot be reached although the browser says online, the kept answer is shown', async () => {
  await openOnceOnline();
  const call = jest.fn().mockRejectedValue(new ApiError(NETWORK_ERROR_MESSAGE, null));
  render(<Probe call={call} />);
  await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('Boulangerie Dupont'));
  expect(call).toHaveBeenCalledTimes(1);
});

test('a refusal of the server is not hidden behind the kept answer', async () => {
  await openOnceOnline();
  const call = jest.fn().mockRejectedValue(new ApiError('Opportunité introuvable', 404));
  render(<Probe call={call} />);
  await waitFor(() =>
    expect(screen.getByTestId('probe')).toHaveTextContent('erreur : Opportunité introuvable'),
  );
});

test('without the offline option nothing is kept on the device', async () => {
  const view = render(<Probe offline={false} call={jest.fn().mockResolvedValue({ name: 'Fleurs' })} />);
  await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('Fleurs'));
  view.unmount();
  clearApiQueries();
  online = false;
  render(<Probe call={jest.fn().mockRejectedValue(new ApiError(NETWORK_ERROR_MESSAGE, null))} />);
  await waitFor(() =>
    expect(screen.getByTestId('probe')).toHaveTextContent(`erreur : ${NETWORK_ERROR_MESSAGE}`),
  );
});

test('signing out (clearing the device) forgets the kept answers', async () => {
  await openOnceOnline();
  await clearDeviceData();
  online = false;
  render(<Probe call={jest.fn().mockRejectedValue(new ApiError(NETWORK_ERROR_MESSAGE, null))} />);
  await waitFor(() =>
    expect(screen.getByTestId('probe')).toHaveTextContent(`erreur : ${NETWORK_ERROR_MESSAGE}`),
  );
});
