import { StrictMode } from 'react';
import { act, render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ApiError, notifyError, ToastHost, useSessionStore } from '@app/platform';
import BillingRoutes from '../routes';
import { demoProductId, type BillingMode, type BillingPricesReply } from '@app/domain';

export const ORGANISATION_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';
export const ME = { _id: 'u00000000000000000000001', email: 'claire@exemple.fr', username: 'Martin Claire' };

/** A signed-in member of one organisation, as the shell leaves the session store. */
export function signIn({ isOwner = true }: { isOwner?: boolean } = {}): void {
  const store = useSessionStore.getState();
  store.clearSession();
  store.signIn('session-token');
  store.setUser(ME);
  store.setOrganisations([
    {
      _id: ORGANISATION_ID,
      name: 'Société Exemple',
      role: { _id: 'role', name: 'Rôle', binaryValue: '1' },
      isOwner,
      ownerId: isOwner ? ME._id : 'u00000000000000000000009',
    } as Parameters<typeof store.setOrganisations>[0][number],
  ]);
}

/** The prices the demonstration provider sells (`demo_<plan>_<period>`). */
export function demoPrices(mode: BillingMode = 'demo'): BillingPricesReply {
  return {
    mode,
    prices: ([1, 2, 4] as const).flatMap((plan) =>
      (['monthly', 'yearly'] as const).map((period) => ({
        plan,
        period,
        product: mode === 'demo' ? demoProductId(plan, period) : `price_${plan}_${period}`,
        unitAmountCents: 0,
        billedAmountCents: 0,
        currency: 'eur' as const,
      })),
    ),
  };
}

/** What apiPost does with a refused call: toast the server's message, then reject. */
export function refusedLikeTheApiClient(message: string, status = 400): Promise<never> {
  notifyError(message);
  return Promise.reject(new ApiError(message, status));
}

function LocationProbe() {
  const { pathname } = useLocation();
  return <p data-testid="location">{pathname}</p>;
}

/** The billing remote at `at`, in StrictMode like the product, with the toasts the user sees. */
export function renderAt(at: string) {
  return render(
    <StrictMode>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          {/* Outside this remote: the probe below says the user landed there. */}
          <Route path="/dashboard/prospect" element={null} />
          <Route path="*" element={<BillingRoutes />} />
        </Routes>
        <LocationProbe />
        <ToastHost />
      </MemoryRouter>
    </StrictMode>,
  );
}

/** Lets the screen's first calls (resolved mocks) land before the test reads it. */
export async function renderAtSettled(at: string) {
  const rendered = renderAt(at);
  await act(async () => {
    await Promise.resolve();
  });
  return rendered;
}
