// /api/digest/preference/*: the caller's morning e-mail in the organisation of the call, any member.
import { digestPreferenceGetSchema, digestPreferenceSetSchema } from '@app/domain';
import type { ApiRoutes } from '../../http/api-routes';
import type { DigestService } from './service';

export function registerDigestRoutes(api: ApiRoutes, digest: DigestService): void {
  api.post({
    path: '/api/digest/preference/get',
    access: 'organisation',
    body: digestPreferenceGetSchema,
    handler: ({ organisation }) => digest.preference(organisation),
  });
  api.post({
    path: '/api/digest/preference/set',
    access: 'organisation',
    body: digestPreferenceSetSchema,
    handler: ({ organisation, input }) => digest.setPreference(organisation, input.enabled),
  });
}
