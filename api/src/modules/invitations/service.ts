// Invitations: an unguessable single-use link, valid 7 days, sent by e-mail; joining adds the
// member with the Commercial role.
import {
  hasPermission,
  type InvitationsReply,
  type JoinInvitationReply,
  type MessageReply,
  PERMISSION,
} from '@app/domain';
import { AppError } from '../../http/app-error';
import type { OrganisationAccess } from '../../http/organisation-access';
import type { Mailer } from '../../mail/mailer';
import { invitationMail } from '../../mail/templates';
import { type AccountDirectory, createSecret, hashSecret } from '../accounts/module';
import type { LicenceBook } from '../licences/module';
import type { RecordAudit } from '../audit/module';
import type { Notify } from '../notifications/module';
import type { Membership } from '../organisations/module';
import type { InvitationsRepository } from './repository';

export const INVITATION_MESSAGES = {
  sent: (email: string) => `Invitation envoyée à ${email}`,
  alreadyMember: 'Cette personne fait déjà partie de l’organisation',
  mailFailed: 'L’e-mail d’invitation n’a pas pu être envoyé, veuillez réessayer plus tard',
  notFound: 'Invitation introuvable',
  used: 'Cette invitation a déjà été utilisée',
  expired: 'Cette invitation a expiré, demandez-en une nouvelle',
  organisationGone: 'L’organisation de cette invitation n’existe plus',
  needsWithLicence: 'Vous n’avez pas le droit d’inviter un collaborateur quand une licence est disponible',
  needsWithoutLicence:
    'Vous n’avez pas le droit d’inviter un collaborateur quand aucune licence n’est disponible',
  resent: (email: string) => `Invitation renvoyée à ${email}`,
  revoked: 'Invitation annulée',
} as const;

export type PendingInvitation = { _id: string; email: string; createdAt: number; expiresAt: number };

/** Shape of the secret in /invitation/join/{id}: createSecret() output. */
const INVITATION_ID = /^[A-Za-z0-9_-]{16,512}$/;

export type InvitationsServiceDeps = {
  repository: InvitationsRepository;
  membership: Pick<Membership, 'isMember' | 'nameOf' | 'addMember'>;
  accounts: Pick<AccountDirectory, 'usernameOf' | 'byEmail'>;
  licences: Pick<LicenceBook, 'hasFreeLicence'>;
  mailer: Mailer;
  publicUrl: string;
  ttlMs: number;
  now: () => number;
  /** The notification centre: the inviter is told their invitation was accepted. */
  notify: Notify;
  /** The organisation's audit log: an invitation sent. */
  record: RecordAudit;
};

export class InvitationsService {
  constructor(private readonly deps: InvitationsServiceDeps) {}

  /** Bit 4 "si licence" when a valid licence is free, bit 8 "si pas de licence" otherwise (DESIGN §6). */
  private async requireInviteBit(access: OrganisationAccess): Promise<void> {
    const free = await this.deps.licences.hasFreeLicence(access.organisationId);
    const bit = free ? PERMISSION.INVITE_WITH_LICENCE : PERMISSION.INVITE_WITHOUT_LICENCE;
    if (!hasPermission(access.mask, bit))
      throw AppError.forbidden(
        free ? INVITATION_MESSAGES.needsWithLicence : INVITATION_MESSAGES.needsWithoutLicence,
      );
  }

  private async sendLink(access: OrganisationAccess, email: string, secret: string): Promise<void> {
    const inviterName = await this.deps.accounts.usernameOf(access.userId);
    await this.deps.mailer.send(
      invitationMail({
        to: email,
        inviterName: inviterName || 'Un administrateur',
        organisationName: access.organisationName,
        link: `${this.deps.publicUrl}/invitation/join/${secret}`,
      }),
    );
  }

  async create(access: OrganisationAccess, invitationEmail: string): Promise<MessageReply> {
    await this.requireInviteBit(access);
    const invitee = await this.deps.accounts.byEmail(invitationEmail);
    if (invitee && (await this.deps.membership.isMember(access.organisationId, invitee._id))) {
      throw AppError.conflict(INVITATION_MESSAGES.alreadyMember);
    }
    const secret = createSecret();
    const now = this.deps.now();
    const invitation = await this.deps.repository.insert({
      tokenHash: hashSecret(secret),
      organisationId: access.organisationId,
      email: invitationEmail,
      invitedBy: access.userId,
      createdAt: now,
      expiresAt: now + this.deps.ttlMs,
    });
    try {
      await this.sendLink(access, invitationEmail, secret);
    } catch (error) {
      // Nobody received the link: the invitation must not stay usable.
      await this.deps.repository.delete(invitation._id);
      throw new AppError(502, INVITATION_MESSAGES.mailFailed, 'MAIL_FAILED', { cause: error });
    }
    await this.deps.record({
      organisationId: access.organisationId,
      actorUserId: access.userId,
      kind: 'invitationSent',
      subject: { type: 'invitation', id: invitation._id, label: invitationEmail },
    });
    return { message: INVITATION_MESSAGES.sent(invitationEmail) };
  }

  async list(access: OrganisationAccess): Promise<InvitationsReply> {
    const pending = await this.deps.repository.pendingOf(access.organisationId, this.deps.now());
    return {
      invitations: pending.map((invitation) => ({
        _id: invitation._id,
        email: invitation.email,
        createdAt: invitation.createdAt,
        expiresAt: invitation.expiresAt,
      })),
    };
  }

  /** A new link, valid 7 days from now; the one sent before stops working. */
  async resend(access: OrganisationAccess, invitationId: string): Promise<MessageReply> {
    const now = this.deps.now();
    const invitation = await this.deps.repository.findPending(access.organisationId, invitationId, now);
    if (!invitation) throw AppError.notFound(INVITATION_MESSAGES.notFound);
    const secret = createSecret();
    await this.deps.repository.renew(invitation._id, hashSecret(secret), now, now + this.deps.ttlMs);
    try {
      await this.sendLink(access, invitation.email, secret);
    } catch (error) {
      throw new AppError(502, INVITATION_MESSAGES.mailFailed, 'MAIL_FAILED', { cause: error });
    }
    await this.deps.record({
      organisationId: access.organisationId,
      actorUserId: access.userId,
      kind: 'invitationSent',
      subject: { type: 'invitation', id: invitation._id, label: invitation.email },
      details: { Renvoi: true },
    });
    return { message: INVITATION_MESSAGES.resent(invitation.email) };
  }

  async revoke(access: OrganisationAccess, invitationId: string): Promise<MessageReply> {
    if (!(await this.deps.repository.revoke(access.organisationId, invitationId)))
      throw AppError.notFound(INVITATION_MESSAGES.notFound);
    return { message: INVITATION_MESSAGES.revoked };
  }

  /**
   * The link is a bearer secret: whoever holds it and is logged in joins. A member opening it again
   * gets the same answer (idempotent); anyone else after the first use, or after 7 days, gets a 410.
   */
  async join(userId: string, secret: string): Promise<JoinInvitationReply> {
    if (!INVITATION_ID.test(secret)) throw AppError.notFound(INVITATION_MESSAGES.notFound);
    const invitation = await this.deps.repository.findByTokenHash(hashSecret(secret));
    if (!invitation) throw AppError.notFound(INVITATION_MESSAGES.notFound);
    const { organisationId } = invitation;
    const organisationName = await this.deps.membership.nameOf(organisationId);
    if (organisationName === null) throw AppError.gone(INVITATION_MESSAGES.organisationGone);
    if (await this.deps.membership.isMember(organisationId, userId)) return { organisationName };
    if (invitation.usedAt !== undefined) throw AppError.gone(INVITATION_MESSAGES.used);
    const now = this.deps.now();
    if (invitation.expiresAt <= now) throw AppError.gone(INVITATION_MESSAGES.expired);
    if (!(await this.deps.repository.consume(invitation._id, userId, now))) {
      throw AppError.gone(INVITATION_MESSAGES.used);
    }
    try {
      // With the role of those who join (Commercial).
      await this.deps.membership.addMember(organisationId, userId);
    } catch (error) {
      await this.deps.repository.release(invitation._id);
      throw error;
    }
    await this.deps.notify({
      organisationId,
      userId: invitation.invitedBy,
      kind: 'invitationAccepted',
      invitationId: invitation._id,
      memberUserId: userId,
    });
    return { organisationName };
  }
}
