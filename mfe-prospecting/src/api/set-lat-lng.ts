import type { LatLngReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type SetLatLngInput = { organisationId: string; prospectId: string };

/** Geocodes the prospect's address and stores it as 'lat/lng' (a French 409 when not configured). */
export function setLatLng(input: SetLatLngInput): Promise<LatLngReply> {
  return apiPost<LatLngReply>('/api/prospect/setLatLng', input);
}
