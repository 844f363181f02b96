// The invitations component for the composition root: single-use links sent by e-mail. It knows the
// invitee through the accounts' directory, the organisation through its membership, and whether a
// licence is free through the licence book.
import type { Store } from '../../db/types';
import type { ApiRoutes } from '../../http/api-routes';
import type { Mailer } from '../../mail/mailer';
import { InvitationsRepository } from './repository';
import { registerInvitationRoutes } from './routes';
import { InvitationsService, type InvitationsServiceDeps } from './service';

export type InvitationsModuleDeps = Omit<InvitationsServiceDeps, 'repository'> & {
  store: Store;
  mailer: Mailer;
};

export type InvitationsModule = {
  start(): Promise<void>;
  registerRoutes(api: ApiRoutes): void;
};

export function createInvitationsModule({ store, ...deps }: InvitationsModuleDeps): InvitationsModule {
  const repository = new InvitationsRepository(store);
  const invitations = new InvitationsService({ ...deps, repository });
  return {
    start: () => repository.ensureIndexes(),
    registerRoutes: (api) => registerInvitationRoutes(api, invitations),
  };
}
