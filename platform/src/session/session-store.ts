import { create, type StateCreator } from 'zustand';
import { persist, type PersistStorage } from 'zustand/middleware';
import { STORAGE_KEYS } from './storage-keys';

export type SessionUser = { _id: string; email: string; username: string };
export type OrganisationSummary = {
  _id: string;
  name: string;
  /** The user's role there; binaryValue is the permission mask as a decimal string. */
  role?: { _id: string; name: string; binaryValue: string } | null;
};

type SessionSlice = {
  token: string | null;
  user: SessionUser | null;
  /** Permission bitmask of the user's role in the current organisation (derived from it). */
  permissions: number;
  signIn: (token: string) => void;
  setUser: (user: SessionUser | null) => void;
  /** Logout: forget everything this browser kept (SPEC.md §4). */
  clearSession: () => void;
};

type OrganisationSlice = {
  organisations: OrganisationSummary[];
  currentOrganisationId: string | null;
  setOrganisations: (organisations: OrganisationSummary[]) => void;
  selectOrganisation: (organisationId: string) => void;
};

type UiSlice = {
  /** null until the user chooses; the layout then decides from the window width. */
  navCollapsed: boolean | null;
  setNavCollapsed: (collapsed: boolean) => void;
};

export type SessionState = SessionSlice & OrganisationSlice & UiSlice;

const createSessionSlice: StateCreator<SessionState, [], [], SessionSlice> = (set) => ({
  token: null,
  user: null,
  permissions: 0,
  signIn: (token) => set({ token }),
  setUser: (user) => set({ user }),
  clearSession: () => {
    localStorage.clear();
    // The lists' searches, filters and places kept for the tab (the next user of the tab starts fresh).
    sessionStorage.clear();
    set({
      token: null,
      user: null,
      permissions: 0,
      organisations: [],
      currentOrganisationId: null,
      navCollapsed: null,
    });
  },
});

const createOrganisationSlice: StateCreator<SessionState, [], [], OrganisationSlice> = (set, get) => ({
  organisations: [],
  currentOrganisationId: null,
  setOrganisations: (organisations) => {
    const stored = organisations.find((organisation) => organisation._id === get().currentOrganisationId);
    const current = stored ?? organisations[0] ?? null;
    set({ organisations, currentOrganisationId: current?._id ?? null, permissions: permissionsIn(current) });
  },
  selectOrganisation: (organisationId) => {
    const chosen = get().organisations.find((organisation) => organisation._id === organisationId) ?? null;
    set({ currentOrganisationId: organisationId, permissions: permissionsIn(chosen) });
  },
});

function permissionsIn(organisation: OrganisationSummary | null): number {
  const mask = Number(organisation?.role?.binaryValue ?? 0);
  return Number.isSafeInteger(mask) && mask > 0 ? mask : 0;
}

const createUiSlice: StateCreator<SessionState, [], [], UiSlice> = (set) => ({
  navCollapsed: null,
  setNavCollapsed: (navCollapsed) => set({ navCollapsed }),
});

type PersistedState = Pick<SessionState, 'token' | 'currentOrganisationId' | 'navCollapsed'>;

/**
 * The spec names one localStorage key per value (token, CurrentOrganisation...), so the persisted
 * state is spread over those keys instead of zustand's single JSON entry.
 */
const specKeysStorage: PersistStorage<PersistedState> = {
  getItem: () => {
    const collapsed = localStorage.getItem(STORAGE_KEYS.navCollapsed);
    return {
      state: {
        token: localStorage.getItem(STORAGE_KEYS.token),
        currentOrganisationId: localStorage.getItem(STORAGE_KEYS.currentOrganisation),
        navCollapsed: collapsed === null ? null : collapsed === 'true',
      },
    };
  },
  setItem: (_name, { state }) => {
    writeOrRemove(STORAGE_KEYS.token, state.token);
    writeOrRemove(STORAGE_KEYS.currentOrganisation, state.currentOrganisationId);
    writeOrRemove(STORAGE_KEYS.navCollapsed, state.navCollapsed === null ? null : String(state.navCollapsed));
  },
  removeItem: () => {
    localStorage.removeItem(STORAGE_KEYS.token);
    localStorage.removeItem(STORAGE_KEYS.currentOrganisation);
    localStorage.removeItem(STORAGE_KEYS.navCollapsed);
  },
};

function writeOrRemove(key: string, value: string | null): void {
  if (value === null) localStorage.removeItem(key);
  else localStorage.setItem(key, value);
}

export const useSessionStore = create<SessionState>()(
  persist(
    (...args) => ({
      ...createSessionSlice(...args),
      ...createOrganisationSlice(...args),
      ...createUiSlice(...args),
    }),
    {
      name: 'session',
      storage: specKeysStorage,
      partialize: (state) => ({
        token: state.token,
        currentOrganisationId: state.currentOrganisationId,
        navCollapsed: state.navCollapsed,
      }),
    },
  ),
);

registerInstance();

/**
 * Counts the copies of this module in the page. Module Federation must share it as a strict
 * singleton; the end-to-end tests read this counter to prove it.
 */
function registerInstance(): void {
  const registry = globalThis as { __APP_PLATFORM_INSTANCES__?: number };
  registry.__APP_PLATFORM_INSTANCES__ = (registry.__APP_PLATFORM_INSTANCES__ ?? 0) + 1;
}
