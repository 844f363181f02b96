import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { notifyError } from './notify';
import { ERRORS_KEPT_ACROSS_NAVIGATION_MS, ToastHost } from './toast-host';

function renderScreens() {
  render(
    <MemoryRouter initialEntries={['/un']}>
      <Routes>
        <Route path="/un" element={<Link to="/deux">Aller à deux</Link>} />
        <Route path="/deux" element={<Link to="/un">Aller à un</Link>} />
      </Routes>
      <ToastHost />
    </MemoryRouter>,
  );
}

afterEach(() => jest.restoreAllMocks());

test("a new screen closes the previous screen's errors, but not one shown just before (the redirect's reason)", async () => {
  const user = userEvent.setup();
  let now = 1_000_000;
  jest.spyOn(Date, 'now').mockImplementation(() => now);
  renderScreens();
  act(() => notifyError('Erreur de l’écran un'));
  expect(await screen.findByText('Erreur de l’écran un')).toBeInTheDocument();
  now += ERRORS_KEPT_ACROSS_NAVIGATION_MS + 1;
  act(() => notifyError('Raison de la redirection'));
  await user.click(screen.getByRole('link', { name: 'Aller à deux' }));
  // Closing plays an exit animation, which jsdom never ends: the toast is marked as leaving.
  const toastOf = (text: string) => screen.getByText(text).closest('.Toastify__toast');
  await waitFor(() => expect(toastOf('Erreur de l’écran un')).toHaveAttribute('data-in', 'false'));
  expect(toastOf('Raison de la redirection')).not.toHaveAttribute('data-in', 'false');
});
