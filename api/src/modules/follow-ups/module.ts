// The follow-ups component for the composition root: a member's agenda of follow-ups (the
// "Aujourd'hui" screen) and, as a port, the follow-ups come due since a given instant (the
// notifications' producer). It reads the opportunities' follow-up dates and the prospects' names.
import type { Store } from '../../db/types';
import type { ApiRoutes } from '../../http/api-routes';
import { prospectReader } from '../prospects/module';
import {
  ensureAgendaIndex,
  type FollowUpDoc,
  followUpsDueSince,
  type MemberFollowUps,
  memberFollowUps,
  todayAgenda,
} from './agenda';
import { registerFollowUpRoutes } from './routes';

export type { FollowUpDoc, MemberFollowUps, MembersQuery, ReturnedRenewalDoc } from './agenda';
export { listMemberAgenda } from './agenda';

export type FollowUpsModuleDeps = { store: Store; now: () => number; timeZone: string };

/** Follow-ups of a member come due in (`after`, `now`], with their prospect's name. */
export type DueFollowUps = (
  organisationId: string,
  userId: string,
  after: number,
  now: number,
) => Promise<(FollowUpDoc & { prospectName: string })[]>;

export type FollowUpsModule = {
  start(): Promise<void>;
  registerRoutes(api: ApiRoutes): void;
  dueSince: DueFollowUps;
  /** Several members' follow-ups and renewals at once (the morning e-mail, the calendar feed). */
  ofMembers: MemberFollowUps;
  /** A prospect's company name ('' when unknown in the organisation). */
  prospectName(organisationId: string, prospectId: string): Promise<string>;
};

export function createFollowUpsModule(deps: FollowUpsModuleDeps): FollowUpsModule {
  const prospects = prospectReader(deps.store);
  const names = (organisationId: string, ids: readonly string[]) => prospects.byIds(organisationId, ids);
  return {
    start: () => ensureAgendaIndex(deps.store),
    registerRoutes: (api) =>
      registerFollowUpRoutes(api, (caller) =>
        todayAgenda({ store: deps.store, prospects: names, now: deps.now, timeZone: deps.timeZone }, caller),
      ),
    dueSince: async (organisationId, userId, after, now) => {
      const docs = await followUpsDueSince(deps.store, organisationId, userId, after, now);
      const byId = new Map(
        (
          await names(
            organisationId,
            docs.map((doc) => doc.prospectId),
          )
        ).map((p) => [p._id, p.prospect]),
      );
      return docs.map((doc) => ({ ...doc, prospectName: byId.get(doc.prospectId) ?? '' }));
    },
    ofMembers: memberFollowUps(deps.store),
    prospectName: async (organisationId, prospectId) =>
      (await names(organisationId, [prospectId]))[0]?.prospect ?? '',
  };
}
