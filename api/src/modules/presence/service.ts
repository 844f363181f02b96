// "Aussi ouvert par …": the detail page says it is open (on opening, then every
// PRESENCE_HEARTBEAT_MS) and closed; each call answers the other members there now.
// docs/decisions/edit-conflicts.md.
import { PRESENCE_TTL_MS, type PresenceReply, type UserRef } from '@app/domain';
import type { PresenceRepository } from './repository';

/** Who calls: a member of the organisation, with their permission bits. */
export type PresenceActor = { organisationId: string; userId: string; mask: number };

/** Refuses (404) an opportunity the actor may not see: the same rule as reading it. */
export type AssertVisibleOpportunity = (actor: PresenceActor, opportunityId: string) => Promise<void>;

export type PresenceServiceDeps = {
  repository: PresenceRepository;
  assertVisible: AssertVisibleOpportunity;
  users: (ids: string[]) => Promise<UserRef[]>;
  now: () => number;
};

export class PresenceService {
  constructor(private readonly deps: PresenceServiceDeps) {}

  async here(actor: PresenceActor, opportunityId: string): Promise<PresenceReply> {
    await this.deps.assertVisible(actor, opportunityId);
    const key = { organisationId: actor.organisationId, opportunityId, userId: actor.userId };
    const now = this.deps.now();
    await this.deps.repository.seen(key, now, PRESENCE_TTL_MS);
    const docs = await this.deps.repository.others(key, now - PRESENCE_TTL_MS);
    if (docs.length === 0) return { others: [] };
    const users = await this.deps.users(docs.map((doc) => doc.userId));
    const byId = new Map(users.map((user) => [user._id, user]));
    return {
      others: docs.flatMap((doc) => {
        const user = byId.get(doc.userId);
        return user ? [{ _id: user._id, username: user.username }] : [];
      }),
    };
  }

  async leave(actor: PresenceActor, opportunityId: string): Promise<{ message: string }> {
    await this.deps.assertVisible(actor, opportunityId);
    await this.deps.repository.left({
      organisationId: actor.organisationId,
      opportunityId,
      userId: actor.userId,
    });
    return { message: 'Présence retirée' };
  }

  sweep(): Promise<number> {
    return this.deps.repository.sweep(this.deps.now() - PRESENCE_TTL_MS);
  }
}
