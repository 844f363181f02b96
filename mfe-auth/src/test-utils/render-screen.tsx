import { StrictMode, type ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ToastHost } from '@app/platform';

/** Stands for every screen outside the one under test: shows where the user landed. */
function LocationProbe() {
  const { pathname, search } = useLocation();
  return <p data-testid="location">{decodeURIComponent(pathname + search)}</p>;
}

export type RenderScreenOptions = {
  /** The route pattern of the screen, e.g. '/invitation/join/:id'. */
  path: string;
  /** The address the test starts at; defaults to `path`. */
  at?: string;
};

/**
 * Renders `element` at its route with the toasts the user would see, in StrictMode like the product
 * (effects run twice on mount, which a single-use call must survive).
 */
export function renderScreen(element: ReactElement, { path, at = path }: RenderScreenOptions) {
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
