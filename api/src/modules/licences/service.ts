// Licences: the keys of an organisation, who holds them, the trial every organisation starts with,
// and the gate of the prospecting calls. docs/decisions/licences.md.
import { createHash } from 'node:crypto';
import {
  type Billing,
  isLicenceValid,
  type LicenceKeysReply,
  type LicenceKeyView,
  type LicenceStatus,
  type MessageReply,
  type PlanCode,
} from '@app/domain';
import type { RecordAudit } from '../audit/module';
import { AppError } from '../../http/app-error';
import type { OrganisationAccess } from '../../http/organisation-access';
import type { LicenceDoc, LicencesRepository, TrialDoc } from './repository';

export const LICENCE_MESSAGES = {
  assigned: 'Licence attribué avec succès',
  notFound: 'Licence introuvable',
  memberNotFound: 'Utilisateur introuvable',
  alreadyHolds: 'Cet utilisateur a déjà une licence dans cette organisation',
  ownLicence: 'Vous ne pouvez pas retirer la licence que vous utilisez',
  expired: 'Cette licence a expiré, elle ne peut pas être attribuée',
  busy: 'Licence modifiée en même temps par quelqu’un d’autre, veuillez réessayer',
} as const;

/** Where the gate sends a member without a valid licence, and an owner without a subscription. */
export const NO_LICENCE_REDIRECT = '/dashboard/nosub';
export const SUBSCRIPTION_REDIRECT = '/dashboard/subscription';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The trial's keys are of the top plan: a trial shows everything the product does. */
const TRIAL_PLAN = 4;

export type LicencesServiceDeps = {
  repository: LicencesRepository;
  now: () => number;
  trialDays: number;
  trialLicences: number;
  isMember: (organisationId: string, userId: string) => Promise<boolean>;
  /** The organisation's owner (who holds the first trial key), null when it does not exist. */
  ownerOf: (organisationId: string) => Promise<string | null>;
  /** The organisation's audit log: a licence given or taken back, by whom, from whom to whom. */
  record: RecordAudit;
  usernameOf: (userId: string) => Promise<string>;
};

export const toLicenceView = (licence: LicenceDoc): LicenceKeyView => ({
  _id: licence._id,
  ...(licence.userId === undefined ? {} : { userId: licence.userId }),
  plan: licence.plan,
  period: licence.period,
  renewalAt: licence.renewalAt,
  trial: licence.trial,
});

/** What the payment provider confirms about one subscription (billing.md). */
export type PaidSeats = {
  organisationId: string;
  subscriptionId: string;
  plan: PlanCode;
  period: Billing;
  seats: number;
  /** Epoch ms the keys stay valid until (the paid period's end). */
  renewalAt: number;
  /** The organisation's owner: moved onto a paid seat when they hold none. */
  ownerId: string | null;
};

/** What a sync changed: keys made, keys removed, and the members whose licence was taken back. */
export type SeatSync = { created: number; removed: number; released: string[] };

/** Same id for the same seat of the same subscription, so two concurrent syncs insert it once. */
export function paidKeyId(subscriptionId: string, seat: number): string {
  return createHash('sha256').update(`${subscriptionId}:${seat}`).digest('hex').slice(0, 24);
}

/** Organisations whose trial record is kept in memory (it never changes once written). */
const MAX_TRIALS_KEPT = 10_000;
/** Organisations whose licences are kept in memory, each valid for one access version. */
const MAX_LISTS_KEPT = 2_000;

export class LicencesService {
  /** Trial records read: written once, never changed, so reading each once per process is enough. */
  private readonly trials = new Map<string, TrialDoc>();
  /**
   * The licences of an organisation as read at an access version of it: every licence write moves
   * that version (LicencesRepository's `changed`), so a call that read the same version can reuse
   * them, on any instance (request-path.md).
   */
  private readonly lists = new Map<string, { version: number; licences: LicenceDoc[] }>();

  constructor(private readonly deps: LicencesServiceDeps) {}

  /**
   * The trial: TRIAL_LICENCES keys valid TRIAL_DAYS days, the first held by the owner. Made once per
   * organisation (the trial record's unique index picks one winner); a second call does nothing.
   */
  async startTrial(organisationId: string, ownerId: string): Promise<void> {
    const startedAt = this.deps.now();
    const endsAt = startedAt + this.deps.trialDays * DAY_MS;
    await this.deps.repository.insertTrialWithLicences(
      { organisationId, startedAt, endsAt },
      Array.from({ length: this.deps.trialLicences }, (_, index) => ({
        organisationId,
        ...(index === 0 ? { userId: ownerId } : {}),
        plan: TRIAL_PLAN,
        period: 'trial' as const,
        renewalAt: endsAt,
        trial: true,
        // Distinct times keep the owner's key first in sorted lists.
        createdAt: startedAt + index,
      })),
    );
  }

  /** Organisations created before licences existed get their trial the first time they are read. */
  private async trialOf(organisationId: string): Promise<TrialDoc | null> {
    const kept = this.trials.get(organisationId);
    if (kept) return kept;
    let trial = await this.deps.repository.findTrial(organisationId);
    if (!trial) {
      const ownerId = await this.deps.ownerOf(organisationId);
      if (ownerId === null) return null;
      await this.startTrial(organisationId, ownerId);
      trial = await this.deps.repository.findTrial(organisationId);
    }
    if (trial) {
      if (this.trials.size >= MAX_TRIALS_KEPT) this.trials.clear();
      this.trials.set(organisationId, trial);
    }
    return trial;
  }

  /**
   * The organisation's licences, oldest first: from memory when `accessVersion` (read from the store
   * for this call, before this read) is the one they were read at, else from the store.
   */
  private async listOf(organisationId: string, accessVersion?: number): Promise<readonly LicenceDoc[]> {
    const kept = this.lists.get(organisationId);
    if (accessVersion !== undefined && kept?.version === accessVersion) return kept.licences;
    const licences = await this.deps.repository.listOf(organisationId);
    if (accessVersion !== undefined) {
      if (this.lists.size >= MAX_LISTS_KEPT) this.lists.clear();
      this.lists.set(organisationId, { version: accessVersion, licences });
    }
    return licences;
  }

  async keys(access: OrganisationAccess): Promise<LicenceKeysReply> {
    await this.trialOf(access.organisationId);
    const licences = await this.listOf(access.organisationId, access.accessVersion);
    return { keys: licences.map(toLicenceView), userId: access.userId };
  }

  /** Which licence each member holds (for the member list); `accessVersion` as for listOf. */
  async holders(organisationId: string, accessVersion?: number): Promise<Map<string, string>> {
    await this.trialOf(organisationId);
    const holders = new Map<string, string>();
    for (const licence of await this.listOf(organisationId, accessVersion)) {
      if (licence.userId !== undefined) holders.set(licence.userId, licence._id);
    }
    return holders;
  }

  /** The members holding a valid licence in the organisation (the morning e-mail's recipients). */
  async licensedMembers(organisationId: string): Promise<string[]> {
    await this.trialOf(organisationId);
    const now = this.deps.now();
    const licensed = new Set<string>();
    for (const licence of await this.deps.repository.listOf(organisationId))
      if (licence.userId !== undefined && isLicenceValid(licence, now)) licensed.add(licence.userId);
    return [...licensed];
  }

  /** The caller's licence state in one organisation; `trialEndsAt` while it has no paid licence. */
  async status(organisationId: string, userId: string): Promise<LicenceStatus> {
    const trial = await this.trialOf(organisationId);
    const now = this.deps.now();
    const licences = await this.deps.repository.listOf(organisationId);
    const hasLicence = licences.some((licence) => licence.userId === userId && isLicenceValid(licence, now));
    const onTrial = trial !== null && !licences.some((licence) => !licence.trial);
    return onTrial ? { hasLicence, trialEndsAt: trial.endsAt } : { hasLicence };
  }

  /** The end of the organisation's trial while it has no paid licence (past once it ran out), else null. */
  async trialEndsAt(organisationId: string): Promise<number | null> {
    const trial = await this.trialOf(organisationId);
    if (trial === null) return null;
    const licences = await this.deps.repository.listOf(organisationId);
    return licences.some((licence) => !licence.trial) ? null : trial.endsAt;
  }

  /** True when a valid licence nobody holds exists: inviting then needs bit 4, else bit 8. */
  async hasFreeLicence(organisationId: string): Promise<boolean> {
    await this.trialOf(organisationId);
    const now = this.deps.now();
    return (await this.deps.repository.listOf(organisationId)).some(
      (licence) => licence.userId === undefined && isLicenceValid(licence, now),
    );
  }

  /**
   * Gives `keyId` to `userId`, or frees it (`null`). A member holds at most one licence here: an
   * expired one they hold is freed on the way; a valid one makes this a 409. Nobody takes away, or
   * hands on, the licence they hold themselves.
   */
  async assign(access: OrganisationAccess, keyId: string, userId: string | null): Promise<MessageReply> {
    await this.trialOf(access.organisationId);
    const licence = await this.deps.repository.findOne(access.organisationId, keyId);
    if (!licence) throw AppError.notFound(LICENCE_MESSAGES.notFound);
    if (licence.userId === (userId ?? undefined)) return { message: LICENCE_MESSAGES.assigned };
    if (licence.userId === access.userId) throw AppError.conflict(LICENCE_MESSAGES.ownLicence);
    if (userId !== null) {
      if (!(await this.deps.isMember(access.organisationId, userId)))
        throw AppError.notFound(LICENCE_MESSAGES.memberNotFound);
      const now = this.deps.now();
      if (!isLicenceValid(licence, now)) throw AppError.conflict(LICENCE_MESSAGES.expired);
      const held = await this.deps.repository.heldBy(access.organisationId, userId);
      if (held.some((other) => isLicenceValid(other, now)))
        throw AppError.conflict(LICENCE_MESSAGES.alreadyHolds);
      for (const expired of held) await this.deps.repository.setHolder(expired, null, now);
    }
    if (!(await this.deps.repository.setHolder(licence, userId, this.deps.now())))
      throw AppError.conflict(LICENCE_MESSAGES.busy);
    if (userId !== null) {
      // Two keys given to one member at once: the later write gives its key back.
      const held = await this.deps.repository.heldBy(access.organisationId, userId);
      if (held.length > 1) {
        await this.deps.repository.setHolder({ ...licence, userId }, null, this.deps.now());
        throw AppError.conflict(LICENCE_MESSAGES.alreadyHolds);
      }
    }
    const holderName = async (id: string | undefined | null) => (id ? await this.deps.usernameOf(id) : '');
    await this.deps.record({
      organisationId: access.organisationId,
      actorUserId: access.userId,
      kind: userId === null ? 'licenceWithdrawn' : 'licenceAssigned',
      subject: { type: 'licence', id: licence._id, label: `Licence ${licence.plan}` },
      before: { Titulaire: await holderName(licence.userId) },
      after: { Titulaire: await holderName(userId) },
    });
    return { message: LICENCE_MESSAGES.assigned };
  }

  /**
   * Makes the organisation's keys of one subscription match what the provider confirmed: terms
   * (plan, period, renewalAt) on every key, missing seats inserted (deterministic ids), extra seats
   * removed — free keys first, then the most recently assigned non-owner, the owner last.
   */
  async syncPaidSeats(paid: PaidSeats): Promise<SeatSync> {
    const { repository } = this.deps;
    const terms = { plan: paid.plan, period: paid.period, renewalAt: paid.renewalAt };
    await repository.setTermsOf(paid.organisationId, paid.subscriptionId, terms);
    const keys = await repository.ofSubscription(paid.organisationId, paid.subscriptionId);
    const result: SeatSync = { created: 0, removed: 0, released: [] };
    const now = this.deps.now();
    if (keys.length < paid.seats) {
      const used = new Set(keys.map((key) => key.seat));
      let seat = 0;
      for (let missing = paid.seats - keys.length; missing > 0; seat += 1) {
        if (used.has(seat)) continue;
        missing -= 1;
        const inserted = await repository.insertWithId({
          _id: paidKeyId(paid.subscriptionId, seat),
          organisationId: paid.organisationId,
          ...terms,
          trial: false,
          createdAt: now + seat,
          subscriptionId: paid.subscriptionId,
          seat,
        });
        if (inserted) result.created += 1;
      }
    } else if (keys.length > paid.seats) {
      const rank = (key: LicenceDoc) => (key.userId === undefined ? 0 : key.userId === paid.ownerId ? 2 : 1);
      const order = [...keys].sort(
        (a, b) =>
          rank(a) - rank(b) || (b.assignedAt ?? 0) - (a.assignedAt ?? 0) || (b.seat ?? 0) - (a.seat ?? 0),
      );
      for (const key of order.slice(0, keys.length - paid.seats)) {
        await repository.remove(key);
        result.removed += 1;
        if (key.userId !== undefined) result.released.push(key.userId);
      }
    }
    if (result.created > 0 && paid.ownerId !== null) await this.moveOwnerToPaidSeat(paid, paid.ownerId);
    return result;
  }

  /** The owner on trial takes a new paid seat and frees their trial key for a collaborator. */
  private async moveOwnerToPaidSeat(paid: PaidSeats, ownerId: string): Promise<void> {
    const { repository } = this.deps;
    const now = this.deps.now();
    const held = await repository.heldBy(paid.organisationId, ownerId);
    if (held.some((key) => !key.trial && isLicenceValid(key, now))) return;
    const free = (await repository.ofSubscription(paid.organisationId, paid.subscriptionId)).find(
      (key) => key.userId === undefined && isLicenceValid(key, now),
    );
    if (!free) return;
    for (const key of held) await repository.setHolder(key, null, now);
    await repository.setHolder(free, ownerId, now);
  }

  /** One key of the organisation (another organisation's id reads as unknown). */
  findKey(organisationId: string, keyId: string): Promise<LicenceDoc | null> {
    return this.deps.repository.findOne(organisationId, keyId);
  }

  /** A member removed or leaving: their licence becomes free at once. */
  async release(organisationId: string, userId: string): Promise<void> {
    await this.deps.repository.releaseAllOf(organisationId, userId);
  }

  /**
   * The licence gate (LicenceGate): null when the caller holds a valid licence here. Otherwise a
   * member goes to the no-licence page; the owner goes to the subscription page when the
   * organisation has no valid licence they could take (trial over, nothing bought).
   */
  async redirectFor(access: OrganisationAccess): Promise<string | null> {
    const now = this.deps.now();
    // The trial first: an organisation created before licences existed gets its keys (and a new
    // access version) before they are read.
    await this.trialOf(access.organisationId);
    let licences = await this.listOf(access.organisationId, access.accessVersion);
    if (licences.length === 0) licences = await this.listOf(access.organisationId);
    const held = licences.filter((licence) => licence.userId === access.userId);
    if (held.some((licence) => isLicenceValid(licence, now))) return null;
    if (!access.isOwner) return NO_LICENCE_REDIRECT;
    return licences.some((licence) => isLicenceValid(licence, now))
      ? NO_LICENCE_REDIRECT
      : SUBSCRIPTION_REDIRECT;
  }
}
