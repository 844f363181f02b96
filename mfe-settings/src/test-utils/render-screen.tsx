import { StrictMode, type ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ALL_PERMISSIONS_MASK } from '@app/domain';
import { ApiError, notifyError, ToastHost, useSessionStore } from '@app/platform';

export const ORGANISATION_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';
export const ME = { _id: 'u00000000000000000000001', email: 'claire@exemple.fr', username: 'Martin Claire' };

/** Stands for every screen outside the one under test: shows where the user landed. */
function LocationProbe() {
  const { pathname } = useLocation();
  return <p data-testid="location">{pathname}</p>;
}

/** A signed-in member of one organisation, as the shell leaves the session store. */
export function signIn({
  mask = ALL_PERMISSIONS_MASK,
  isOwner = true,
}: { mask?: number; isOwner?: boolean } = {}): void {
  const store = useSessionStore.getState();
  store.clearSession();
  store.signIn('session-token');
  store.setUser(ME);
  store.setOrganisations([
    {
      _id: ORGANISATION_ID,
      name: 'Société Exemple',
      role: { _id: 'role', name: 'Rôle', binaryValue: String(mask) },
      isOwner,
      ownerId: isOwner ? ME._id : 'u00000000000000000000009',
    } as Parameters<typeof store.setOrganisations>[0][number],
  ]);
}

/** What apiPost does with a refused call: toast the server's message, then reject. */
export function refusedLikeTheApiClient(message: string, status = 403): Promise<never> {
  notifyError(message);
  return Promise.reject(new ApiError(message, status));
}

/** Renders `element` at its route, in StrictMode like the product, with the toasts the user sees. */
export function renderScreen(element: ReactElement, { path, at = path }: { path: string; at?: string }) {
  return render(
    <StrictMode>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path={path} element={element} />
          <Route path="*" element={<LocationProbe />} />
        </Routes>
        <ToastHost />
      </MemoryRouter>
    </StrictMode>,
  );
}
