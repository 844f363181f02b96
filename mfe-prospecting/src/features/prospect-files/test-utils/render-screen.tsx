import { StrictMode, type ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ALL_PERMISSIONS_MASK } from '@app/domain';
import { ToastHost, useSessionStore } from '@app/platform';

export const ORGANISATION_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';

/** Stands for every screen outside the one under test: shows where the user landed. */
function LocationProbe() {
  const { pathname } = useLocation();
  return <p data-testid="location">{pathname}</p>;
}

/** A signed-in administrator of one organisation, as the shell leaves the session store. */
export function signInAdministrator(): void {
  const store = useSessionStore.getState();
  store.clearSession();
  store.signIn('session-token');
  store.setOrganisations([
    {
      _id: ORGANISATION_ID,
      name: 'Société Exemple',
      role: { _id: 'role', name: 'Administrateur', binaryValue: String(ALL_PERMISSIONS_MASK) },
    },
  ]);
}

/** Renders `element` at its route, in StrictMode like the product, with the toasts the user sees. */
export function renderScreen(
  element: ReactElement,
  { path, at = path, extra }: { path: string; at?: string; extra?: ReactElement },
) {
  return render(
    <StrictMode>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path={path} element={element} />
          <Route path="*" element={<LocationProbe />} />
        </Routes>
        {extra}
        <ToastHost />
      </MemoryRouter>
    </StrictMode>,
  );
}
