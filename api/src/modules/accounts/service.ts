// Account use cases: sign-up, login, password reset, the current user.
import type { AccountReply, MessageReply, TokenReply } from '@app/domain';
import type {
  ChangePasswordData,
  FastRegisterData,
  LoginData,
  RegisterData,
  ResetPasswordData,
} from '@app/domain';
import { DuplicateKeyError } from '../../db/errors';
import { AppError } from '../../http/app-error';
import type { Mailer } from '../../mail/mailer';
import { passwordResetMail } from '../../mail/templates';
import { hashPassword, makeDecoyHash, verifyPassword } from './passwords';
import { type AccountsRepository, type PublicUser, toPublicUser, type UserDoc } from './repository';
import type { RecordForUser } from '../audit/module';
import { browserLabel, type KnownBrowsers } from './browsers';
import type { SessionService } from './sessions';
import { createSecret, hashSecret } from './tokens';

export const ACCOUNT_MESSAGES = {
  emailTaken: 'Un compte existe déjà avec cet e-mail',
  badCredentials: 'Email ou mot de passe incorrect',
  forgotSent: 'Si un compte existe pour cet e-mail, un lien de réinitialisation vient d’être envoyé',
  resetInvalid: 'Lien de réinitialisation invalide ou expiré',
  passwordChanged: 'Votre mot de passe a été modifié, vous pouvez vous connecter',
  loggedOut: 'Vous êtes déconnecté',
  wrongCurrentPassword: 'Mot de passe actuel incorrect',
  passwordUpdated: 'Votre mot de passe a été modifié',
  loggedOutEverywhere: 'Vous êtes déconnecté de tous vos appareils',
} as const;

/** What quick sign-up needs of the organisations component: an organisation owned by the new user. */
export type OrganisationFounder = {
  found(ownerId: string, organisation: { name: string; phone: string }): Promise<unknown>;
};

export type AccountsServiceDeps = {
  repository: AccountsRepository;
  sessions: SessionService;
  organisations: OrganisationFounder;
  mailer: Mailer;
  publicUrl: string;
  passwordHashCost: number;
  resetTokenTtlMs: number;
  now: () => number;
  /** Where failures of work done after the reply (the reset e-mail) are reported. */
  onBackgroundError: (error: unknown, context: string) => void;
  browsers: KnownBrowsers;
  /** The audit log of each of the user's organisations: a sign-in from a browser not seen before. */
  recordForUser: RecordForUser;
};

/** The browser a sign-in comes from: its cookie's id (set by the route when it had none) and User-Agent. */
export type SignInBrowser = { deviceId: string; userAgent: string };

export class AccountsService {
  private decoyHash: Promise<string> | null = null;

  constructor(private readonly deps: AccountsServiceDeps) {}

  private async createUser(input: {
    email: string;
    password: string;
    username: string;
    fonction?: string;
  }): Promise<UserDoc> {
    const existing = await this.deps.repository.findUserByEmail(input.email);
    if (existing) throw AppError.conflict(ACCOUNT_MESSAGES.emailTaken);
    const now = this.deps.now();
    try {
      return await this.deps.repository.insertUser({
        email: input.email,
        username: input.username,
        passwordHash: await hashPassword(input.password, this.deps.passwordHashCost),
        fonction: input.fonction ?? '',
        createdAt: now,
        passwordChangedAt: now,
      });
    } catch (error) {
      // Two sign-ups racing for one address: the unique index decides.
      if (error instanceof DuplicateKeyError) throw AppError.conflict(ACCOUNT_MESSAGES.emailTaken);
      throw error;
    }
  }

  async register(input: RegisterData): Promise<TokenReply> {
    const user = await this.createUser(input);
    return { token: await this.deps.sessions.open(user._id) };
  }

  /**
   * Quick sign-up (/discovery): the account, then an organisation named after the company with the
   * user as owner and Administrateur (docs/decisions/fast-register.md).
   */
  async fastRegister(input: FastRegisterData): Promise<TokenReply> {
    const user = await this.createUser(input);
    await this.deps.organisations.found(user._id, { name: input.raisonSocial, phone: input.phone });
    return { token: await this.deps.sessions.open(user._id) };
  }

  async login(input: LoginData, browser?: SignInBrowser): Promise<TokenReply> {
    const user = await this.deps.repository.findUserByEmail(input.email);
    if (!user) {
      // Same work as for a real account, so response time does not tell which e-mails exist.
      this.decoyHash ??= makeDecoyHash(this.deps.passwordHashCost);
      await verifyPassword(input.password, await this.decoyHash);
      throw AppError.unauthenticated(ACCOUNT_MESSAGES.badCredentials);
    }
    if (!(await verifyPassword(input.password, user.passwordHash))) {
      throw AppError.unauthenticated(ACCOUNT_MESSAGES.badCredentials);
    }
    const token = await this.deps.sessions.open(user._id);
    if (
      browser &&
      (await this.deps.browsers.remember(user._id, browser.deviceId, browser.userAgent, this.deps.now()))
    )
      await this.deps.recordForUser(user._id, {
        actorUserId: user._id,
        kind: 'signInNewBrowser',
        subject: { type: 'browser', id: user._id, label: user.username },
        details: { Navigateur: browserLabel(browser.userAgent) },
      });
    return { token };
  }

  /** Same answer, same timing, whether or not the address has an account: the e-mail goes out after the reply. */
  async forgot(email: string): Promise<MessageReply> {
    const sendLink = async () => {
      const user = await this.deps.repository.findUserByEmail(email);
      if (!user) return;
      const token = createSecret();
      const now = this.deps.now();
      await this.deps.repository.insertReset({
        tokenHash: hashSecret(token),
        userId: user._id,
        createdAt: now,
        expiresAt: now + this.deps.resetTokenTtlMs,
      });
      const link = `${this.deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
      await this.deps.mailer.send(passwordResetMail({ to: user.email, username: user.username, link }));
    };
    sendLink().catch((error: unknown) =>
      this.deps.onBackgroundError(error, 'envoi du lien de réinitialisation'),
    );
    return { message: ACCOUNT_MESSAGES.forgotSent };
  }

  private async liveReset(token: string) {
    const reset = await this.deps.repository.findReset(hashSecret(token));
    if (!reset || reset.usedAt !== undefined || reset.expiresAt <= this.deps.now()) {
      throw AppError.badRequest(ACCOUNT_MESSAGES.resetInvalid);
    }
    return reset;
  }

  async verifyResetToken(token: string): Promise<{ valid: true }> {
    await this.liveReset(token);
    return { valid: true };
  }

  /** Single use: the token is consumed first; every session of the account is closed and other reset links die. */
  async resetPassword(input: ResetPasswordData): Promise<MessageReply> {
    const reset = await this.liveReset(input.token);
    const now = this.deps.now();
    if (!(await this.deps.repository.consumeReset(reset._id, now))) {
      throw AppError.badRequest(ACCOUNT_MESSAGES.resetInvalid);
    }
    await this.deps.repository.setPassword(
      reset.userId,
      await hashPassword(input.password, this.deps.passwordHashCost),
      now,
    );
    await this.deps.sessions.revokeAllOf(reset.userId);
    await this.deps.repository.deleteResetsOf(reset.userId);
    return { message: ACCOUNT_MESSAGES.passwordChanged };
  }

  async currentUser(userId: string): Promise<PublicUser> {
    const user = await this.deps.repository.findUser(userId);
    if (!user) throw AppError.unauthenticated();
    return toPublicUser(user);
  }

  /** The account page: name and e-mail. */
  async account(userId: string): Promise<AccountReply> {
    const user = await this.currentUser(userId);
    return { username: user.username, email: user.email };
  }

  /**
   * A new password (sign-up rules, checked by the schema) against the current one. A wrong current
   * password is a 400, not a 401: the client would end this valid session on a 401. Other sessions
   * and pending reset links stop working; this one stays.
   */
  async changePassword(
    session: { userId: string; sessionId: string },
    input: ChangePasswordData,
  ): Promise<MessageReply> {
    const user = await this.deps.repository.findUser(session.userId);
    if (!user) throw AppError.unauthenticated();
    if (!(await verifyPassword(input.currentPassword, user.passwordHash)))
      throw AppError.badRequest(ACCOUNT_MESSAGES.wrongCurrentPassword);
    await this.deps.repository.setPassword(
      user._id,
      await hashPassword(input.password, this.deps.passwordHashCost),
      this.deps.now(),
    );
    await this.deps.sessions.revokeOthersOf(user._id, session.sessionId);
    await this.deps.repository.deleteResetsOf(user._id);
    return { message: ACCOUNT_MESSAGES.passwordUpdated };
  }

  /** Every session of the user ends, this one included. */
  async logoutEverywhere(userId: string): Promise<MessageReply> {
    await this.deps.sessions.revokeAllOf(userId);
    return { message: ACCOUNT_MESSAGES.loggedOutEverywhere };
  }

  async logout(token: string | null): Promise<MessageReply> {
    if (token) await this.deps.sessions.revoke(token);
    return { message: ACCOUNT_MESSAGES.loggedOut };
  }
}
