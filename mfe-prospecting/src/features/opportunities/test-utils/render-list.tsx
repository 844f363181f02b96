import { StrictMode } from 'react';
import { render } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ToastHost } from '@app/platform';
import { OpportunityListScreen } from '../components/opportunity-list-screen';

/** Where the user landed, path and query. */
function LocationProbe() {
  const { pathname, search } = useLocation();
  return <p data-testid="location">{`${pathname}${search}`}</p>;
}

/**
 * The list screen at `at`, in StrictMode like the product, with the toasts the user sees.
 * `strict: false` for tests that count requests (StrictMode runs every effect twice in development).
 * `links`: addresses reachable by a link "Aller à <address>", as the shell's search box or a detail
 * page's back link would go.
 */
export function renderList(
  at: string,
  { strict = true, links = [] }: { strict?: boolean; links?: string[] } = {},
) {
  const screen = (
    <MemoryRouter initialEntries={[at]}>
      {links.map((to) => (
        <Link key={to} to={to}>{`Aller à ${to}`}</Link>
      ))}
      <Routes>
        <Route path="/dashboard/opportunity/list/:filter" element={<OpportunityListScreen />} />
        <Route path="*" element={<LocationProbe />} />
      </Routes>
      <ToastHost />
    </MemoryRouter>
  );
  return render(strict ? <StrictMode>{screen}</StrictMode> : screen);
}
