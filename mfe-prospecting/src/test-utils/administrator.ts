import { ALL_PERMISSIONS_MASK } from '@app/domain';
import { useSessionStore } from '@app/platform';

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
