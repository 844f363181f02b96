// The accounts component for the composition root: users, sessions and password resets. Other
// components know a user only through `users` (AccountDirectory); the route registry checks tokens
// through `sessions`. Sign-up founds an organisation through a port it declares (OrganisationFounder).
import type { UserRef } from '@app/domain';
import type { Logger } from 'pino';
import type { RecordForUser } from '../audit/module';
import { KnownBrowsers } from './browsers';
import type { Store } from '../../db/types';
import type { ApiRoutes, SessionVerifier } from '../../http/api-routes';
import type { Mailer } from '../../mail/mailer';
import { AccountsRepository, type PublicUser, toPublicUser } from './repository';
import { registerAccountRoutes } from './routes';
import { AccountsService, type OrganisationFounder } from './service';
import { SessionService } from './sessions';

export type { OrganisationFounder } from './service';
export type { PublicUser } from './repository';
export { createSecret, hashSecret } from './tokens';

export type AccountsModuleDeps = {
  store: Store;
  mailer: Mailer;
  logger: Logger;
  now: () => number;
  publicUrl: string;
  passwordHashCost: number;
  sessionTtlMs: number;
  resetTokenTtlMs: number;
  /** The audit log of each of a user's organisations (sign-ins from a new browser). */
  recordForUser: RecordForUser;
};

/** What other components may know of a user: who they are, never their password or sessions. */
export type AccountDirectory = {
  /** The user's name, '' for an unknown id. */
  usernameOf(userId: string): Promise<string>;
  /** Names of the users found among `ids` (opportunity cards). */
  refs(ids: string[]): Promise<UserRef[]>;
  /** Name and e-mail of the users found among `ids` (the members list). */
  publicUsers(ids: string[]): Promise<PublicUser[]>;
  byEmail(email: string): Promise<PublicUser | null>;
};

export type AccountsModule = {
  /** Indexes, then removal of the sessions that expired while the API was down. */
  start(): Promise<void>;
  /** The sign-up routes found an organisation through `founder` (the organisations component). */
  registerRoutes(api: ApiRoutes, founder: OrganisationFounder): void;
  sessions: SessionVerifier;
  users: AccountDirectory;
};

export function createAccountsModule(deps: AccountsModuleDeps): AccountsModule {
  const repository = new AccountsRepository(deps.store);
  const sessions = new SessionService(repository, deps.sessionTtlMs, deps.now);
  const browsers = new KnownBrowsers(deps.store);
  return {
    async start() {
      await repository.ensureIndexes();
      await browsers.ensureIndexes();
      const expired = await repository.deleteExpiredSessions(deps.now());
      if (expired > 0) deps.logger.info({ expired }, 'Sessions expirées supprimées');
    },
    registerRoutes(api, founder) {
      const accounts = new AccountsService({
        repository,
        sessions,
        organisations: founder,
        mailer: deps.mailer,
        publicUrl: deps.publicUrl,
        passwordHashCost: deps.passwordHashCost,
        resetTokenTtlMs: deps.resetTokenTtlMs,
        now: deps.now,
        onBackgroundError: (error, context) =>
          deps.logger.error({ err: error }, `Échec en arrière-plan : ${context}`),
        browsers,
        recordForUser: deps.recordForUser,
      });
      registerAccountRoutes(api, accounts);
    },
    sessions: { resolve: (token) => sessions.resolve(token) },
    users: {
      usernameOf: async (userId) => (await repository.findUser(userId))?.username ?? '',
      refs: async (ids) =>
        (await repository.findUsers(ids)).map((user) => ({ _id: user._id, username: user.username })),
      publicUsers: async (ids) => (await repository.findUsers(ids)).map(toPublicUser),
      byEmail: async (email) => {
        const user = await repository.findUserByEmail(email);
        return user ? toPublicUser(user) : null;
      },
    },
  };
}
