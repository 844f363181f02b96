import type { RoundSettings } from '@app/domain';
import { useApiQuery, useSessionStore } from '@app/platform';
import { getRoundSettings } from '../api/get-round-settings';

const WITHOUT_SETTINGS: RoundSettings = { tileUrl: null, geocoder: false };

/** The server's map and geocoding settings for this organisation; null until they arrive. */
export function useRoundSettings(): RoundSettings | null {
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const { data, error } = useApiQuery(getRoundSettings, organisationId ? { organisationId } : null, {
    key: 'round/settings',
    offline: true,
  });
  if (error !== undefined) return WITHOUT_SETTINGS;
  return data ?? null;
}
