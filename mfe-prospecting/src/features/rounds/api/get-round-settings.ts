import type { RoundSettings } from '@app/domain';
import { apiPost } from '@app/platform';

/** Whether addresses can be geocoded, and where the map's tiles come from. */
export function getRoundSettings(input: { organisationId: string }): Promise<RoundSettings> {
  return apiPost<RoundSettings>('/api/round/settings', input);
}
