import { StrictMode } from 'react';
import { render } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ALL_PERMISSIONS_MASK } from '@app/domain';
import { ToastHost, useSessionStore } from '@app/platform';
import { OpportunityListScreen } from '../components/opportunity-list-screen';

export const ORGANISATION_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';
export const OTHER_ORGANISATION_ID = 'bbbbbbbbbbbbbbbbbbbbbbbb';

const administrator = { _id: 'role', name: 'Administrateur', binaryValue: String(ALL_PERMISSIONS_MASK) };

/** A signed-in administrator of two organisations, the first one current. */
export function signInAdministrator(): void {
  const store = useSessionStore.getState();
  store.clearSession();
  store.signIn('session-token');
  store.setOrganisations([
    { _id: ORGANISATION_ID, name: 'Société Exemple', role: administrator },
    { _id: OTHER_ORGANISATION_ID, name: 'Autre Société', role: administrator },
  ]);
}

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

/** jsdom lays nothing out: give scroll areas and cards the sizes a browser would. */
export function fakeLayout({ viewport = 800, card = 300 }: { viewport?: number; card?: number } = {}) {
  const height = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  const width = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
  const offsetHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight');
  const scrollTo = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollTo');
  beforeAll(() => {
    // jsdom does not scroll: move the scroll area and tell its listeners afterwards, as a browser does.
    Object.defineProperty(HTMLElement.prototype, 'scrollTo', {
      configurable: true,
      value(this: HTMLElement, options: ScrollToOptions) {
        if (options.top !== undefined) this.scrollTop = options.top;
        queueMicrotask(() => this.dispatchEvent(new Event('scroll')));
      },
    });
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => viewport });
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1200 });
    // The virtualizer measures each card's offsetHeight.
    Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return this.hasAttribute('data-index') ? card : 0;
      },
    });
  });
  afterAll(() => {
    if (height) Object.defineProperty(HTMLElement.prototype, 'clientHeight', height);
    if (width) Object.defineProperty(HTMLElement.prototype, 'clientWidth', width);
    if (offsetHeight) Object.defineProperty(HTMLElement.prototype, 'offsetHeight', offsetHeight);
    if (scrollTo) Object.defineProperty(HTMLElement.prototype, 'scrollTo', scrollTo);
    else delete (HTMLElement.prototype as Partial<HTMLElement>).scrollTo;
  });
}
