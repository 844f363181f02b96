// Licences: the keys of an organisation, who holds them, the trial every organisation starts with,
// and the gate of the prospecting calls. docs/decisions/licences.md.
import { isLicenceValid, type LicenceKeyView, type LicenceStatus } from '@app/domain';
import { AppError } from '../../http/app-error';
import type { OrganisationAccess } from '../access/organisation-access';
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
};

export const toLicenceView = (licence: LicenceDoc): LicenceKeyView => ({
  _id: licence._id,
  ...(licence.userId === undefined ? {} : { userId: licence.userId }),
  plan: licence.plan,
  period: licence.period,
  renewalAt: licence.renewalAt,
  trial: licence.trial,
});

export class LicencesService {
  constructor(private readonly deps: LicencesServiceDeps) {}

  /**
   * The trial: TRIAL_LICENCES keys valid TRIAL_DAYS days, the first held by the owner. Made once per
   * organisation (the trial record's unique index picks one winner); a second call does nothing.
   */
  async startTrial(organisationId: string, ownerId: string): Promise<void> {
    const startedAt = this.deps.now();
    const endsAt = startedAt + this.deps.trialDays * DAY_MS;
    if (!(await this.deps.repository.insertTrial({ organisationId, startedAt, endsAt }))) return;
    await this.deps.repository.insertMany(
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
    const trial = await this.deps.repository.findTrial(organisationId);
    if (trial) return trial;
    const ownerId = await this.deps.ownerOf(organisationId);
    if (ownerId === null) return null;
    await this.startTrial(organisationId, ownerId);
    return this.deps.repository.findTrial(organisationId);
  }

  async keys(access: OrganisationAccess): Promise<{ keys: LicenceKeyView[]; userId: string }> {
    await this.trialOf(access.organisationId);
    const licences = await this.deps.repository.listOf(access.organisationId);
    return { keys: licences.map(toLicenceView), userId: access.userId };
  }

  /** Which licence each member holds (for the member list). */
  async holders(organisationId: string): Promise<Map<string, string>> {
    await this.trialOf(organisationId);
    const holders = new Map<string, string>();
    for (const licence of await this.deps.repository.listOf(organisationId)) {
      if (licence.userId !== undefined) holders.set(licence.userId, licence._id);
    }
    return holders;
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
  async assign(
    access: OrganisationAccess,
    keyId: string,
    userId: string | null,
  ): Promise<{ message: string }> {
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
      for (const expired of held) await this.deps.repository.setHolder(expired, null);
    }
    if (!(await this.deps.repository.setHolder(licence, userId)))
      throw AppError.conflict(LICENCE_MESSAGES.busy);
    if (userId !== null) {
      // Two keys given to one member at once: the later write gives its key back.
      const held = await this.deps.repository.heldBy(access.organisationId, userId);
      if (held.length > 1) {
        await this.deps.repository.setHolder({ ...licence, userId }, null);
        throw AppError.conflict(LICENCE_MESSAGES.alreadyHolds);
      }
    }
    return { message: LICENCE_MESSAGES.assigned };
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
    let held = await this.deps.repository.heldBy(access.organisationId, access.userId);
    if (held.length === 0 && (await this.deps.repository.findTrial(access.organisationId)) === null) {
      await this.trialOf(access.organisationId);
      held = await this.deps.repository.heldBy(access.organisationId, access.userId);
    }
    if (held.some((licence) => isLicenceValid(licence, now))) return null;
    if (!access.isOwner) return NO_LICENCE_REDIRECT;
    const licences = await this.deps.repository.listOf(access.organisationId);
    return licences.some((licence) => isLicenceValid(licence, now))
      ? NO_LICENCE_REDIRECT
      : SUBSCRIPTION_REDIRECT;
  }
}
