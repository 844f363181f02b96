import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadedRemoteRoutes, loadRemoteRoutes, RemoteLoadError } from './federation';
import { RemoteRoute } from './remote-route';

jest.mock('./federation', () => {
  const actual = jest.requireActual('./federation');
  return { ...actual, loadRemoteRoutes: jest.fn(), loadedRemoteRoutes: jest.fn() };
});

const load = loadRemoteRoutes as jest.MockedFunction<typeof loadRemoteRoutes>;
const loaded = loadedRemoteRoutes as jest.MockedFunction<typeof loadedRemoteRoutes>;

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

test('a remote that cannot be loaded shows "Module indisponible" and "Réessayer" loads it again', async () => {
  load.mockRejectedValueOnce(new RemoteLoadError('settings', 'afterResolve', new Error('refusé')));
  load.mockResolvedValueOnce({ default: () => <h1>Paramètres</h1> });
  render(<RemoteRoute name="settings" />);
  expect(await screen.findByRole('heading', { name: 'Module indisponible' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
  expect(await screen.findByRole('heading', { name: 'Paramètres' })).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(2);
});

test('a remote that throws while rendering is contained to its own area', async () => {
  load.mockResolvedValueOnce({
    default: () => {
      throw new Error('panne');
    },
  });
  render(
    <>
      <p>Navigation toujours là</p>
      <RemoteRoute name="billing" />
    </>,
  );
  expect(await screen.findByRole('heading', { name: 'Module indisponible' })).toBeInTheDocument();
  expect(screen.getByText('Navigation toujours là')).toBeInTheDocument();
});

test('a remote loaded before the first render shows its screen at once, with no loading screen', () => {
  loaded.mockReturnValueOnce({ default: () => <h1>Connexion</h1> });
  render(<RemoteRoute name="auth" />);
  // Synchronously: the page's static first paint is replaced by the screen itself.
  expect(screen.getByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
  expect(screen.queryByTestId('loading-screen')).not.toBeInTheDocument();
  expect(load).not.toHaveBeenCalledWith('auth');
});
