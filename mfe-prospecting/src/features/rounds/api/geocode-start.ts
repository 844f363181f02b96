import type { RoundStartReply } from '@app/domain';
import { apiPost } from '@app/platform';

/** The start address geocoded by the server (a French 409 when GEOCODER_URL is not set). */
export function geocodeStart(input: { organisationId: string; address: string }): Promise<RoundStartReply> {
  return apiPost<RoundStartReply>('/api/round/geocode', input);
}
