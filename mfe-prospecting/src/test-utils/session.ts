import { ALL_PERMISSIONS_MASK } from '@app/domain';
import { useSessionStore } from '@app/platform';
import { ORGANISATION_ID } from './fixtures';

/** A signed-in member of one organisation whose role holds `mask` (every permission by default). */
export function signIn(mask: number = ALL_PERMISSIONS_MASK): void {
  const store = useSessionStore.getState();
  store.clearSession();
  store.signIn('session-token');
  store.setUser({ _id: 'u1', email: 'claire@example.fr', username: 'Martin Claire' });
  store.setOrganisations([
    {
      _id: ORGANISATION_ID,
      name: 'Société Exemple',
      role: { _id: 'role', name: 'Administrateur', binaryValue: String(mask) },
    },
  ]);
}
