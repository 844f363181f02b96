import { useEffect, useState } from 'react';
import type { RoundSettings } from '@app/domain';
import { ignoreHandledFailure, useSessionStore } from '@app/platform';
import { getRoundSettings } from '../api/get-round-settings';

/** The server's map and geocoding settings for this organisation; null until they arrive. */
export function useRoundSettings(): RoundSettings | null {
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const [settings, setSettings] = useState<RoundSettings | null>(null);
  useEffect(() => {
    if (!organisationId) return undefined;
    let cancelled = false;
    getRoundSettings({ organisationId }).then(
      (reply) => !cancelled && setSettings(reply),
      (error: unknown) => {
        if (!cancelled) setSettings({ tileUrl: null, geocoder: false });
        ignoreHandledFailure(error);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [organisationId]);
  return settings;
}
