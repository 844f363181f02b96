// The notifications component for the composition root: its routes, and `notify`, the one port the
// producers (prospects, opportunities, invitations) call with their event. It asks the names its texts
// need and the follow-ups come due through ports app.ts hands it; it imports no other component.
import type { Logger } from 'pino';
import type { Store } from '../../db/types';
import type { ApiRoutes } from '../../http/api-routes';
import type { Names, Notify } from './events';
import { NotificationsRepository } from './repository';
import { registerNotificationRoutes } from './routes';
import { type DueFollowUps, NotificationsService } from './service';

export type { NotificationEvent, Notify } from './events';
export type { DueFollowUps } from './service';

export type NotificationsModuleDeps = {
  store: Store;
  logger: Logger;
  now: () => number;
  names: Names;
  dueFollowUps: DueFollowUps;
};

export type NotificationsModule = {
  start(): Promise<void>;
  registerRoutes(api: ApiRoutes): void;
  notify: Notify;
};

export function createNotificationsModule(deps: NotificationsModuleDeps): NotificationsModule {
  const repository = new NotificationsRepository(deps.store);
  const service = new NotificationsService({ ...deps, repository });
  return {
    start: () => repository.ensureIndexes(),
    registerRoutes: (api) => registerNotificationRoutes(api, service),
    notify: service.notify,
  };
}
